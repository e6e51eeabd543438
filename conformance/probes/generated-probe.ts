import fc from 'fast-check'
import { stringifyExact } from '../../src/judge/exact-json.ts'
import type { SentPet } from '../../src/judge/response-schemas.ts'
import { countOf } from '../../src/utils/count-of.ts'
import { failureKind } from '../model/failure-kind.ts'
import { describeResponse } from '../model/result-collector.ts'
import type { CheckId, Exchange, OperationId } from '../model/types.ts'
import {
  anyNewPet,
  EDGE_NAMES,
  INT64_EDGES,
  invalidNewPetBody,
  simplestNewPet,
  validNewPet,
} from './new-pet-arbitraries.ts'
import {
  ensureCategoryId,
  fetchPet,
  type Probe,
  type ProbeContext,
  postPet,
} from './probe-context.ts'
import { createdPetProblem, recordCreated, samePet, show } from './probes.ts'
import { errorBodyProblem } from './response-checks.ts'

/** Requests allowed for shrinking a failure, per property. */
const SHRINK_BUDGET = 15

/**
 * One property over requests: each generated value is one request, judged
 * on its own; a failure is shrunk within {@link SHRINK_BUDGET} more requests.
 *
 * @example
 * const run: PropertyRun<string> = { checkId: 'shape.query', operation: 'listPets', arbitrary: fc.string(), attempt, describe: String, expected: '200' }
 */
export interface PropertyRun<T> {
  checkId: CheckId
  /** The operation the results are filed under (`createPet` when absent). */
  operation?: OperationId
  arbitrary: fc.Arbitrary<T>
  /** Sends one case; returns the exchange and a problem, if any. */
  attempt: (value: T) => Promise<{ exchange: Exchange; problem?: string }>
  describe: (value: T) => string
  expected: string
  /** Cases tried before the generated ones (each one request of the budget). */
  examples?: Array<T>
  /**
   * The simplest case, tried once after a failure that shrinking did not
   * reach it with: when it fails the same way, the failure does not depend
   * on the case, and it is the one reported.
   */
  simplest?: T
}

/**
 * Runs one property against the server within its request budget and
 * records the outcome, under `run.operation` (`createPet` when absent):
 * each passing case is a pass; the first failure is shrunk within its kind
 * (`failureKind`) and reported with its minimal case, or with `run.simplest`
 * when that fails the same way.
 *
 * @example
 * await runProperty(context, { checkId: 'create.generated-valid', arbitrary, attempt, describe, expected, simplest })
 */
export async function runProperty<T>(
  context: Pick<ProbeContext, 'collector' | 'seed' | 'examples'>,
  run: PropertyRun<T>,
): Promise<void> {
  const operation = run.operation ?? 'createPet'
  const failures = new Map<string, { exchange: Exchange; problem: string }>()
  let requests = 0
  let passes = 0
  const budget = (run.examples?.length ?? 0) + context.examples + SHRINK_BUDGET
  // The kind of the first failure: shrinking keeps to it (another failure met
  // on the way is not the one being shrunk, so it counts as no failure).
  let kind: string | undefined
  // Errors of the run itself (budget spent, server gone) must not be shrunk.
  let fatal: unknown
  const attempt = async (value: T): Promise<boolean | undefined> => {
    requests += 1
    let outcome: { exchange: Exchange; problem?: string }
    try {
      outcome = await run.attempt(value)
    } catch (error) {
      fatal = error
      return undefined
    }
    const { exchange, problem } = outcome
    if (problem === undefined) {
      passes += 1
      return true
    }
    const found = failureKind(problem)
    if (kind !== undefined && found !== kind) {
      return undefined
    }
    kind = found
    failures.set(run.describe(value), { exchange, problem })
    return false
  }
  const property = fc.asyncProperty(run.arbitrary, async (value) =>
    fatal !== undefined || requests >= budget ? true : ((await attempt(value)) ?? true),
  )
  const details = await fc.check(property, {
    seed: context.seed,
    // fast-check counts the examples among the runs.
    numRuns: (run.examples?.length ?? 0) + context.examples,
    examples: (run.examples ?? []).map((value): [T] => [value]),
  })
  let message = `Shrunk to a minimal failing case after ${countOf(details.numRuns, 'run')} and ${countOf(details.numShrinks, 'shrink')}`
  let counterexample = details.counterexample?.[0]
  if (
    details.failed &&
    counterexample !== undefined &&
    run.simplest !== undefined &&
    fatal === undefined &&
    run.describe(run.simplest) !== run.describe(counterexample) &&
    (await attempt(run.simplest)) === false
  ) {
    // One request beyond the budget, to say what the failure depends on.
    counterexample = run.simplest
    message = `The simplest body fails the same way (found after ${countOf(details.numRuns, 'run')}): the failure does not depend on the body sent`
  }
  for (let i = 0; i < passes; i++) {
    context.collector.pass(run.checkId, operation)
  }
  if (details.failed && counterexample !== undefined) {
    const shown = run.describe(counterexample)
    const failure = failures.get(shown)
    context.collector.fail(run.checkId, operation, failure?.exchange, {
      expected: run.expected,
      actual: failure?.problem ?? String(details.errorInstance),
      message,
      seed: details.seed,
      ...(details.counterexamplePath ? { path: details.counterexamplePath } : {}),
      counterexample: shown,
    })
  } else if (details.failed) {
    throw details.errorInstance
  }
  if (fatal !== undefined) {
    throw fatal
  }
}

/**
 * The cases `create.generated-exact` tries first: every edge name with a
 * known category, every int64 edge as the category id.
 */
function exactExamples(namePrefix: string, categoryIds: Array<bigint>): Array<SentPet> {
  return [
    ...EDGE_NAMES.map((name, index) => ({
      name,
      categoryId: categoryIds[index % categoryIds.length] as bigint,
    })),
    ...INT64_EDGES.map((categoryId, index) => ({
      name: `${namePrefix}int64-${index}`,
      categoryId,
    })),
  ]
}

/** A name no server may refuse: 1..64 printable ASCII characters, no space at either end. */
const PLAIN_NAME = /^[!-~](?:[ -~]{0,62}[!-~])?$/

/**
 * Creates `sent` and reads it back: a 201 must echo it exactly (a name that
 * comes back trimmed, re-encoded or as a number, a category id off by a
 * rounding, fail), and `GET /pets/{id}` must return the same Pet. A 400 with
 * an Error body is allowed where a server may refuse: a category id it does
 * not know, or a name beyond plain ASCII or 64 characters (the spec sets no
 * alphabet or length for names, §8); a plain name such as `42` or `null`
 * with a known category must be created.
 */
async function exactRoundTrip(
  context: ProbeContext,
  sent: SentPet,
  knownCategoryIds: Array<bigint>,
): Promise<{ exchange: Exchange; problem?: string }> {
  const exchange = await postPet(context, stringifyExact(sent))
  if (exchange.response?.status === 400) {
    const mustCreate = PLAIN_NAME.test(sent.name) && knownCategoryIds.includes(sent.categoryId)
    const problem = mustCreate
      ? `${describeResponse(exchange)} for a plain name and a known category`
      : errorBodyProblem(exchange)
    return { exchange, ...(problem === undefined ? {} : { problem }) }
  }
  const { pet, problem } = createdPetProblem(exchange, sent)
  if (!pet || problem !== undefined) {
    return { exchange, problem: problem ?? describeResponse(exchange) }
  }
  recordCreated(context, exchange, pet)
  const fetched = await fetchPet(context, pet.id)
  if (!fetched.pet || !samePet(fetched.pet, pet)) {
    return {
      exchange: fetched.exchange,
      problem: `created as ${show(pet)}, GET /pets/${pet.id} gives ${describeResponse(fetched.exchange)}`,
    }
  }
  return { exchange }
}

/**
 * Property-based cases for `createPet`: fast-check generates valid NewPets
 * (expect 201 and an echo) and bodies that break one rule (expect 400),
 * seeded and bounded, shrinking a failure to a minimal body.
 *
 * @example
 * await generatedProbe.run(context)
 */
export const generatedProbe: Probe = {
  name: 'generated bodies',
  needs: ['pets listed'],
  provides: ['a pet created'],
  checks: ['create.generated-valid', 'create.generated-exact', 'create.generated-invalid'],
  async run(context) {
    const { collector, state } = context
    const categoryId = await ensureCategoryId(context)
    const categoryIds = state.categoryIds.length
      ? state.categoryIds
      : categoryId === undefined
        ? []
        : [categoryId]
    if (categoryIds.length === 0) {
      collector.skip(
        'create.generated-valid',
        'createPet',
        `no categoryId known: ${state.noCategoryReason ?? 'none found'}`,
      )
    } else if (context.wants('create.generated-valid')) {
      await runProperty<SentPet>(context, {
        checkId: 'create.generated-valid',
        arbitrary: validNewPet(categoryIds),
        simplest: simplestNewPet(categoryIds),
        expected: '201 with a Pet echoing the body',
        describe: (value) => stringifyExact(value),
        async attempt(value) {
          const exchange = await postPet(context, stringifyExact(value))
          const { pet, problem } = createdPetProblem(exchange, value)
          if (pet) {
            recordCreated(context, exchange, pet)
          }
          return { exchange, ...(problem === undefined ? {} : { problem }) }
        },
      })
    }
    if (categoryIds.length && context.wants('create.generated-exact')) {
      await runProperty<SentPet>(context, {
        checkId: 'create.generated-exact',
        arbitrary: anyNewPet(categoryIds),
        examples: exactExamples(context.namePrefix, categoryIds),
        simplest: simplestNewPet(categoryIds),
        expected:
          '201 echoing the body exactly (type included) and GET /pets/{id} returning the same, or 400 with an Error body',
        describe: (value) => stringifyExact(value),
        attempt: (value) => exactRoundTrip(context, value, categoryIds),
      })
    }
    if (context.wants('create.generated-invalid')) {
      await runProperty(context, {
        checkId: 'create.generated-invalid',
        arbitrary: invalidNewPetBody(categoryIds.length ? categoryIds : [1n]),
        expected: '400 for a body that breaks one NewPet rule',
        describe: (value) => value.body,
        async attempt(value) {
          const exchange = await postPet(context, value.body)
          return {
            exchange,
            ...(exchange.response?.status === 400
              ? {}
              : { problem: `${describeResponse(exchange)} (${value.why})` }),
          }
        },
      })
    }
  },
}
