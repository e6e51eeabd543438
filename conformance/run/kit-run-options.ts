import { INT64 } from '../../src/spec/index.ts'
import { ConformanceError } from '../model/kit-message.ts'
import type { KitArgs } from './kit-flags.ts'
import type { ConformanceOptions } from './run-conformance.ts'

/** The options of a run that its flags decide (the CLI adds the callbacks). */
export type KitRunOptions = Omit<ConformanceOptions, 'onEvent' | 'onProgress'>

const usage = (detail: string) => new ConformanceError('usage', 'parse the arguments', detail)

function aboveZero(name: string, value: number | undefined): number | undefined {
  if (value !== undefined && !(Number.isFinite(value) && value > 0)) {
    throw usage(`--${name} must be a number above 0`)
  }
  return value
}

function wholeNumber(name: string, value: number | undefined): number | undefined {
  if (value !== undefined && (!Number.isSafeInteger(value) || value < 0)) {
    throw usage(`--${name} must be a non-negative whole number`)
  }
  return value
}

/** `--category-id`: a decimal int64, kept exact. */
function categoryId(value: string | undefined): bigint | undefined {
  if (value === undefined) {
    return undefined
  }
  const id = /^-?\d+$/.test(value.trim()) ? BigInt(value.trim()) : undefined
  if (id === undefined || id < INT64.min || id > INT64.max) {
    throw usage('--category-id must be an integer in the int64 range')
  }
  return id
}

/**
 * The run's options from the flags of {@link KIT_FLAGS} and the environment
 * (`PETSTORE_API_KEY`, `PETSTORE_OTHER_API_KEY`): checks every value first and throws a usage
 * `ConformanceError` naming the flag.
 *
 * @example
 * kitRunOptions(args, { PETSTORE_API_KEY: 'sk_test_free' }).token // 'sk_test_free'
 */
export function kitRunOptions(
  args: KitArgs,
  env: Record<string, string | undefined>,
): KitRunOptions {
  const baseUrl = args['base-url']
  if (!baseUrl) {
    throw usage('--base-url is required')
  }
  const token = args.token ?? env.PETSTORE_API_KEY
  if (!token) {
    throw usage('no API key: pass --token or set PETSTORE_API_KEY')
  }
  const otherToken = args['other-token'] ?? env.PETSTORE_OTHER_API_KEY
  const timeoutMs = wholeNumber('timeout', args.timeout)
  const maxRequests = wholeNumber('max-requests', args['max-requests'])
  const examples = wholeNumber('examples', args.examples)
  const seed = wholeNumber('seed', args.seed)
  const maxDuration = aboveZero('max-duration', args['max-duration'])
  const category = categoryId(args['category-id'])
  const statefulRequests = wholeNumber('stateful-requests', args['stateful-requests'])
  return {
    baseUrl,
    token,
    only: args.only ?? [],
    skip: args.skip ?? [],
    include: args.include ?? [],
    readOnly: args['read-only'],
    strict: args.strict,
    failOnSkip: args['fail-on-skip'],
    ...(maxDuration === undefined ? {} : { maxDurationMs: maxDuration * 1000 }),
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
    ...(maxRequests === undefined ? {} : { maxRequests }),
    ...(examples === undefined ? {} : { examples }),
    ...(seed === undefined ? {} : { seed }),
    ...(category === undefined ? {} : { categoryId: category }),
    ...(otherToken ? { otherToken } : {}),
    ...(statefulRequests === undefined ? {} : { statefulRequests }),
  }
}
