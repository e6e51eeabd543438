import { z } from 'zod'
import { ApiError } from '../errors/api-error.ts'
import { clip } from '../errors/clip.ts'
import { MAX_DELAY_MS, SIMULATED_STATUS_LIST } from './simulated-statuses.ts'

/** At most this many scenarios wait at once. */
export const MAX_SCENARIOS = 100

/** At most this many responses one scenario forces. */
export const MAX_SCENARIO_TIMES = 10_000

const FIELDS = ['status', 'delay', 'times', 'method', 'path']

/**
 * The body of `POST /__mock/scenarios` and the argument of `petstore.simulate()`:
 * force the next `times` responses that match `method` and `path` (a path such
 * as `/v1/pets/7` or a route template such as `/v1/pets/{petId}`).
 */
export const ScenarioInput = z
  .object(
    {
      status: z
        .int({ error: `must be one of ${SIMULATED_STATUS_LIST.join(', ')}` })
        .refine((status) => SIMULATED_STATUS_LIST.includes(status), {
          message: `must be one of ${SIMULATED_STATUS_LIST.join(', ')}`,
        })
        .optional(),
      delay: z
        .int({ error: `must be a whole number of milliseconds from 0 to ${MAX_DELAY_MS}` })
        .min(0, { error: `must be a whole number of milliseconds from 0 to ${MAX_DELAY_MS}` })
        .max(MAX_DELAY_MS, {
          error: `must be a whole number of milliseconds from 0 to ${MAX_DELAY_MS}`,
        })
        .optional(),
      times: z
        .int({ error: `must be a whole number from 1 to ${MAX_SCENARIO_TIMES}` })
        .min(1, { error: `must be a whole number from 1 to ${MAX_SCENARIO_TIMES}` })
        .max(MAX_SCENARIO_TIMES, {
          error: `must be a whole number from 1 to ${MAX_SCENARIO_TIMES}`,
        })
        .default(1),
      method: z
        .string({ error: 'must be an HTTP method such as "GET"' })
        .regex(/^[A-Za-z]{1,16}$/, { error: 'must be an HTTP method such as "GET"' })
        .transform((method) => method.toUpperCase())
        .optional(),
      path: z
        .string({ error: 'must be a path such as "/v1/pets"' })
        .regex(/^\/[^?#\s]{0,2047}$/, {
          error: 'must be a path such as "/v1/pets" or "/v1/pets/{petId}", without a query',
        })
        .optional(),
    },
    { error: 'must be a JSON object such as { "status": 429, "times": 3 }' },
  )
  .strict()
  .refine((input) => input.status !== undefined || input.delay !== undefined, {
    message: 'is required unless "delay" is given',
    path: ['status'],
  })

export type ScenarioInput = z.input<typeof ScenarioInput>

export interface Scenario {
  id: number
  status?: number
  delay?: number
  method?: string
  path?: string
  /** Matching responses still to force. */
  remaining: number
}

export interface ScenarioQueue {
  /** Validates and queues a scenario; a bad one throws a 400 `ApiError` naming the field. */
  add(input: unknown): Scenario
  /**
   * Takes one use of the first scenario that matches the request, if any.
   * `route` is the template of the route the path matched (`/v1/pets/{petId}`).
   */
  take(method: string, path: string, route?: string): Scenario | undefined
  list(): Array<Scenario>
  clear(): void
}

/**
 * The queue of sticky simulations, first queued first used.
 *
 * @example
 * const queue = createScenarioQueue()
 * queue.add({ status: 503, times: 2, path: '/v1/pets' })
 * queue.take('GET', '/v1/pets')?.status // 503
 */
export function createScenarioQueue(): ScenarioQueue {
  let scenarios: Array<Scenario> = []
  let nextId = 1
  return {
    add(input) {
      const result = ScenarioInput.safeParse(input)
      if (!result.success) throw invalidScenario(result.error.issues[0])
      if (scenarios.length >= MAX_SCENARIOS) {
        throw new ApiError(
          'invalid_request',
          `At most ${MAX_SCENARIOS} scenarios can wait at once; DELETE /__mock/scenarios first.`,
        )
      }
      const { times, ...rest } = result.data
      const scenario: Scenario = { id: nextId++, ...rest, remaining: times }
      scenarios.push(scenario)
      return { ...scenario }
    },
    take(method, path, route) {
      const scenario = scenarios.find(
        (candidate) =>
          (candidate.method === undefined ||
            candidate.method === method ||
            (method === 'HEAD' && candidate.method === 'GET')) &&
          (candidate.path === undefined || candidate.path === path || candidate.path === route),
      )
      if (scenario === undefined) return undefined
      scenario.remaining--
      if (scenario.remaining === 0) scenarios = scenarios.filter((other) => other !== scenario)
      return { ...scenario }
    },
    list: () => scenarios.map((scenario) => ({ ...scenario })),
    clear() {
      scenarios = []
    },
  }
}

function invalidScenario(issue: z.core.$ZodIssue | undefined): ApiError {
  if (issue?.code === 'unrecognized_keys') {
    const [field = ''] = issue.keys
    return new ApiError(
      'invalid_request',
      `Field "${clip(field)}" is not part of a scenario; use ${FIELDS.join(', ')}.`,
    )
  }
  const field = issue?.path.join('.') ?? ''
  const message = issue?.message ?? 'is invalid'
  return new ApiError(
    'invalid_request',
    field === '' ? `The scenario ${message}.` : `Field "${field}" ${message}.`,
  )
}
