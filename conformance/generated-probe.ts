import fc from 'fast-check'
import { stringifyExact } from '../src/contract/exact-json.ts'
import type { SentPet } from '../src/contract/response-schemas.ts'
import { countOf } from './model/count-of.ts'
import { describeResponse } from './model/result-collector.ts'
import type { CheckId, Exchange } from './model/types.ts'
import { invalidNewPetBody, validNewPet } from './new-pet-arbitraries.ts'
import { ensureCategoryId, type Probe, type ProbeContext, postPet } from './probe-context.ts'
import { createdPetProblem, recordCreated } from './probes.ts'

/** Requests allowed for shrinking a failure, per property. */
const SHRINK_BUDGET = 15

interface PropertyRun<T> {
  checkId: CheckId
  arbitrary: fc.Arbitrary<T>
  /** Sends one case; returns the exchange and a problem, if any. */
  attempt: (value: T) => Promise<{ exchange: Exchange; problem?: string }>
  describe: (value: T) => string
  expected: string
}

async function runProperty<T>(context: ProbeContext, run: PropertyRun<T>): Promise<void> {
  const failures = new Map<string, { exchange: Exchange; problem: string }>()
  let requests = 0
  let passes = 0
  // Errors of the run itself (budget spent, server gone) must not be shrunk.
  let fatal: unknown
  const property = fc.asyncProperty(run.arbitrary, async (value) => {
    if (fatal !== undefined || requests >= context.examples + SHRINK_BUDGET) {
      return true
    }
    requests += 1
    let outcome: { exchange: Exchange; problem?: string }
    try {
      outcome = await run.attempt(value)
    } catch (error) {
      fatal = error
      return true
    }
    const { exchange, problem } = outcome
    if (problem === undefined) {
      passes += 1
      return true
    }
    failures.set(run.describe(value), { exchange, problem })
    return false
  })
  const details = await fc.check(property, { seed: context.seed, numRuns: context.examples })
  for (let i = 0; i < passes; i++) {
    context.collector.pass(run.checkId, 'createPet')
  }
  if (details.failed && details.counterexample) {
    const [value] = details.counterexample
    const shown = run.describe(value)
    const failure = failures.get(shown)
    context.collector.fail(run.checkId, 'createPet', failure?.exchange, {
      expected: run.expected,
      actual: failure?.problem ?? String(details.errorInstance),
      message: `Shrunk to a minimal failing case after ${countOf(details.numRuns, 'run')} and ${countOf(details.numShrinks, 'shrink')}`,
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
 * Property-based cases for `createPet`: fast-check generates valid NewPets
 * (expect 201 and an echo) and bodies that break one rule (expect 400),
 * seeded and bounded, shrinking a failure to a minimal body.
 *
 * @example
 * await generatedProbe.run(context)
 */
export const generatedProbe: Probe = {
  name: 'generated bodies',
  checks: ['create.generated-valid', 'create.generated-invalid'],
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
