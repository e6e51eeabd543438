import fc from 'fast-check'
import { stringifyExact } from '../../src/judge/exact-json.ts'
import { listSchema } from '../../src/judge/exchange-rules.ts'
import { ResponsePets, type SentPet } from '../../src/judge/response-schemas.ts'
import { PetStatus } from '../../src/spec/index.ts'
import { LIST_LIMIT } from '../../src/spec/limits.ts'
import { countOf } from '../../src/utils/count-of.ts'
import { KIT_DEFAULTS } from '../model/kit-defaults.ts'
import { describeResponse } from '../model/result-collector.ts'
import { toCurlSequence } from '../model/to-curl.ts'
import type { CheckOperation, Exchange } from '../model/types.ts'

/** An operation the stateful phase sends (those `stateful.model` judges). */
type StatefulOperation = CheckOperation<'stateful.model'>

import { validNewPet } from './new-pet-arbitraries.ts'
import {
  ensureCategoryId,
  fetchPet,
  listPets,
  type Probe,
  type ProbeContext,
  postPet,
} from './probe-context.ts'
import {
  assertLimitHonoured,
  createdPetProblem,
  judgeListPage,
  petMismatch,
  show,
} from './probes.ts'
import { kitRuleRequest, parseResponseBody } from './response-checks.ts'

/**
 * Requests the stateful phase may send by default (runs and shrinking
 * together); `--stateful-requests` changes it.
 *
 * @example
 * STATEFUL_REQUESTS // 40
 */
export const STATEFUL_REQUESTS = KIT_DEFAULTS.statefulRequests

/** Commands per generated sequence, at most. */
const MAX_COMMANDS = 8
/** Sequences tried before shrinking (the request budget usually ends them first). */
const MAX_RUNS = 20
/** The share of the budget for finding a failure; the rest is kept for shrinking it. */
const EXPLORE_SHARE = 0.6

/** What the server must hold, as far as the spec implies: the pets this sequence created. */
interface Model {
  created: Array<{ id: bigint; sent: SentPet }>
}

/** One request of a sequence, for the report. */
interface Step {
  command: string
  exchange: Exchange
}

/** Shared by the commands of the phase: the budget and the steps of the current sequence. */
interface Phase {
  context: ProbeContext
  left: number
  steps: Array<Step>
  failure?: { steps: Array<Step>; message: string; operation: StatefulOperation }
  /** Length of the first failing sequence, before shrinking. */
  firstFailure?: number
  exercised: Set<StatefulOperation>
}

class ModelMismatch extends Error {
  override name = 'ModelMismatch'
}

type Command = fc.AsyncCommand<Model, Phase>

function record(
  phase: Phase,
  command: string,
  operation: StatefulOperation,
  exchange: Exchange,
): void {
  phase.left -= 1
  phase.steps.push({ command, exchange })
  phase.exercised.add(operation)
}

function mismatch(phase: Phase, operation: StatefulOperation, message: string): never {
  phase.firstFailure ??= phase.steps.length
  phase.failure = { steps: [...phase.steps], message, operation }
  throw new ModelMismatch(message)
}

/** Judges one create's answer against the model: a new pet echoing the body, under an id of its own. */
function expectNewPet(
  model: Model,
  phase: Phase,
  label: string,
  body: SentPet,
  exchange: Exchange,
): void {
  const { pet, problem } = createdPetProblem(exchange, body)
  if (problem || !pet) {
    mismatch(
      phase,
      'createPet',
      `${label}: expected 201 echoing it (§4.2: 201 with the created Pet), got ${problem}`,
    )
  }
  const twin = model.created.find((entry) => entry.id === pet.id)
  if (twin) {
    mismatch(
      phase,
      'createPet',
      `${label}: \`id\` ${pet.id} was already given to ${show(twin.sent)} (§2 Pet: the \`id\` is unique, assigned on creation)`,
    )
  }
  model.created.push({ id: pet.id, sent: body })
}

const createCommand = (body: SentPet): Command => ({
  check: () => true,
  async run(model, phase) {
    const text = stringifyExact(body)
    const exchange = await postPet(phase.context, text)
    record(phase, `create ${text}`, 'createPet', exchange)
    expectNewPet(model, phase, `create ${text}`, body, exchange)
  },
  toString: () => `create ${stringifyExact(body)}`,
})

/** The same body as an earlier create, sent again: a second pet, not the first one back (§4.2). */
const createAgainCommand = (pick: number): Command => ({
  check: (model) => model.created.length > 0,
  async run(model, phase) {
    const { sent } = model.created[pick % model.created.length] as Model['created'][number]
    const text = stringifyExact(sent)
    const exchange = await postPet(phase.context, text)
    record(phase, `create again ${text}`, 'createPet', exchange)
    expectNewPet(model, phase, `create again ${text}`, sent, exchange)
  },
  toString: () => `create the body of created pet #${pick} again`,
})

/** Creates sent at the same time: each a pet of its own, each kept (§4.2). */
const createTogetherCommand = (bodies: Array<SentPet>): Command => ({
  check: () => true,
  async run(model, phase) {
    const texts = bodies.map((body) => stringifyExact(body))
    const exchanges = await Promise.all(
      texts.map((text) => postPet(phase.context, text, { concurrent: true })),
    )
    exchanges.forEach((exchange, index) => {
      record(phase, `create at once ${texts[index]}`, 'createPet', exchange)
    })
    exchanges.forEach((exchange, index) => {
      const label = `create at once (${index + 1} of ${texts.length}) ${texts[index]}`
      expectNewPet(model, phase, label, bodies[index] as SentPet, exchange)
    })
  },
  toString: () => `create at once ${bodies.map((body) => stringifyExact(body)).join(' ')}`,
})

const getCommand = (pick: number): Command => ({
  check: (model) => model.created.length > 0,
  async run(model, phase) {
    // Counted from the newest: recent creates are fetched most.
    const target = model.created[
      model.created.length - 1 - (pick % model.created.length)
    ] as Model['created'][number]
    const { exchange, pet: found } = await fetchPet(phase.context, target.id)
    record(phase, `get ${target.id}`, 'getPet', exchange)
    if (exchange.response?.status !== 200 || !found) {
      mismatch(
        phase,
        'getPet',
        `get ${target.id} (created as ${show(target.sent)}): ${describeResponse(exchange)} (§4.3: a created pet is found by its \`id\`, 200 with the Pet)`,
      )
    }
    const problem =
      found.id !== target.id
        ? `id ${found.id} instead of ${target.id}`
        : petMismatch(found, target.sent)
    if (problem) {
      mismatch(
        phase,
        'getPet',
        `get ${target.id} (created as ${show(target.sent)}): ${problem} (${KEPT_AS_SENT})`,
      )
    }
  },
  toString: () => `get the created pet #${pick} from the newest`,
})

const listCommand = (status: PetStatus | undefined, limit: number | undefined): Command => {
  const query = [
    ...(status ? [`status=${status}`] : []),
    ...(limit === undefined ? [] : [`limit=${limit}`]),
  ].join('&')
  const label = `list${query ? ` ?${query}` : ''}`
  return {
    check: () => true,
    async run(model, phase) {
      const exchange = await listPets(phase.context, query ? `?${query}` : '')
      record(phase, label, 'listPets', exchange)
      // Every list page the kit reads is held to every rule of a list page, this one too.
      // A rule of the page alone is reported by its own check when that runs (one
      // cause, one failure); the model holds it only when the check does not run.
      judgeListPage(phase.context, exchange)
      const { wants } = phase.context
      const parsed = parseResponseBody(exchange, ResponsePets)
      if (exchange.response?.status !== 200 || !parsed?.success) {
        if (wants('list.schema')) return
        mismatch(phase, 'listPets', `${label}: ${listPageProblem(exchange)}`)
      }
      const max = limit ?? LIST_LIMIT.default
      // A 200 with valid Pets (`mismatch` throws otherwise): count what was parsed.
      const count = parsed?.success ? parsed.data.length : 0
      if (count > max && !wants(limit === undefined ? 'list.default-limit' : 'list.limit')) {
        mismatch(
          phase,
          'listPets',
          `${label}: ${count} pets, more than ${max} (§4.1: \`limit\` ${limit === undefined ? `absent, default ${max}` : limit} is the most a page holds)`,
        )
      }
      for (const pet of parsed.data) {
        const known = model.created.find((entry) => entry.id === pet.id)
        // A pet shown without its optional `status` (§2) is judged by the one it was created with.
        const shownStatus = pet.status ?? known?.sent.status
        if (
          status &&
          shownStatus !== undefined &&
          shownStatus !== status &&
          !wants('list.status-filter')
        ) {
          mismatch(
            phase,
            'listPets',
            `${label}: lists ${show(pet)}, whose \`status\` is ${show(shownStatus)}${pet.status === undefined ? ' (as created)' : ''} (§4.1: \`status\` filters the list)`,
          )
        }
        const problem = known && petMismatch(pet, known.sent)
        if (known && problem) {
          mismatch(
            phase,
            'listPets',
            `${label}: lists pet ${pet.id}, created as ${show(known.sent)}, with ${problem} (${KEPT_AS_SENT})`,
          )
        }
      }
    },
    toString: () => label,
  }
}

/** The rule a created pet is held to when read back. */
const KEPT_AS_SENT = '§4.2: a created pet keeps the `name`, `categoryId` and `status` sent'

/**
 * Why a list page is not a 200 with valid Pets, naming the field and the rule
 * (the judge of `list.schema`), e.g. `` `name` is an integer (42) in 1 of 47
 * pets, expected a string (§4.1, §2 Pet) ``.
 */
function listPageProblem(exchange: Exchange): string {
  const { response } = exchange
  if (response?.status !== 200) {
    return `expected 200 (§4.1), got ${describeResponse(exchange)}`
  }
  const judged = listSchema(kitRuleRequest(exchange), response)
  const problem = judged && 'expected' in judged ? judged.problem : undefined
  return problem
    ? problem.replace(/: (HTTP \d{3})/, ' (§4.1: a list of Pets; §2 Pet): $1')
    : `expected a complete list of valid Pets (§4.1), got ${describeResponse(exchange)}`
}

/**
 * The lists read once more after the sequences, the last writes of the run:
 * what the run leaves in the store (a pet filed under a status it does not
 * have; more pets than a page cut below `limit` holds) is judged by the run
 * that left it, so a second run's first lists find nothing the first run's
 * last lists did not. The filtered pages first: the pets they list count for
 * the whole list's `limit=100` page.
 */
async function readWhatWasLeft(context: ProbeContext): Promise<void> {
  if (context.wants('list.status-filter')) {
    for (const status of PetStatus.options) {
      judgeListPage(context, await listPets(context, `?status=${status}&limit=${LIST_LIMIT.max}`))
    }
  }
  if (context.wants('list.limit-exact')) {
    const seen = context.state.pets.size
    const page = await listPets(context, `?limit=${LIST_LIMIT.max}`)
    judgeListPage(context, page)
    assertLimitHonoured(context, page, LIST_LIMIT.max, seen)
  }
}

function describeFailure(failure: NonNullable<Phase['failure']>): string {
  return toCurlSequence(
    failure.steps.map((step) => ({ command: step.command, request: step.exchange.request })),
  )
}

/**
 * The stateful phase: fast-check model-based testing (`fc.commands` +
 * `fc.asyncModelRun`). Seeded random sequences of create, get, list and
 * list-by-status run against a model of only what the spec implies (a
 * created pet is returned by its id with what was sent; listed pets are
 * valid and have the filtered status). A failure is shrunk to the shortest
 * sequence that still fails and reported as numbered curl commands with
 * the seed. Bounded by a request budget (`statefulRequests`, default
 * {@link STATEFUL_REQUESTS}): 60% for finding a failure, the rest for
 * shrinking it; paced like every other request. The server is not reset
 * between sequences (the spec has no delete), so the model holds only the
 * pets of the current sequence.
 *
 * @example
 * await statefulProbe.run(context)
 */
export const statefulProbe: Probe = {
  name: 'stateful sequences',
  needs: ['pets listed'],
  provides: ['the sequences run'],
  writesLast: true,
  checks: ['stateful.model'],
  async run(context) {
    const { collector } = context
    const operations: Array<StatefulOperation> = ['createPet', 'getPet', 'listPets']
    const categoryId = await ensureCategoryId(context)
    if (categoryId === undefined) {
      for (const operation of operations) {
        collector.skip(
          'stateful.model',
          operation,
          `no categoryId known: ${context.state.noCategoryReason ?? 'none found'}`,
        )
      }
      return
    }
    const budget = context.statefulRequests
    const phase: Phase = { context, left: budget, steps: [], exercised: new Set() }
    const exploreBudget = Math.ceil(budget * EXPLORE_SHARE)
    // `cost`: the requests the command sends.
    const withinBudget = (command: Command, cost = 1): Command => ({
      check: (model) =>
        phase.left >= (phase.failure === undefined ? budget - exploreBudget : 0) + cost &&
        command.check(model),
      run: command.run,
      toString: command.toString,
    })
    const names = validNewPet([categoryId], `${context.namePrefix}model-`)
    const commands = [
      names.map((body) => withinBudget(createCommand(body))),
      fc.nat({ max: 3 }).map((pick) => withinBudget(createAgainCommand(pick))),
      fc
        .array(names, { minLength: 2, maxLength: 3 })
        .map((bodies) => withinBudget(createTogetherCommand(bodies), bodies.length)),
      // Twice: reading back what was created is the heart of the model.
      fc.nat({ max: 3 }).map((pick) => withinBudget(getCommand(pick))),
      fc.nat({ max: 3 }).map((pick) => withinBudget(getCommand(pick))),
      fc
        .tuple(
          fc.option(fc.constantFrom(...PetStatus.options), { nil: undefined }),
          fc.option(fc.constantFrom(LIST_LIMIT.min, 5, LIST_LIMIT.max), { nil: undefined }),
        )
        .map(([status, limit]) => withinBudget(listCommand(status, limit))),
    ]
    let fatal: unknown
    const property = fc.asyncProperty(
      fc.commands(commands, { maxCommands: MAX_COMMANDS }),
      async (sequence) => {
        const exploring = phase.failure === undefined
        if (fatal !== undefined || phase.left <= (exploring ? budget - exploreBudget : 0)) {
          return
        }
        phase.steps = []
        try {
          await fc.asyncModelRun(() => ({ model: { created: [] }, real: phase }), sequence)
        } catch (error) {
          if (error instanceof ModelMismatch) {
            throw error
          }
          // The run itself failed (budget of the whole run, server gone): stop, do not shrink.
          fatal = error
        }
      },
    )
    const details = await fc.check(property, { seed: context.seed, numRuns: MAX_RUNS })
    if (fatal !== undefined) {
      throw fatal
    }
    await readWhatWasLeft(context)
    if (details.failed && phase.failure) {
      const { failure } = phase
      // The model broke where it was observed; the other operations kept to it.
      for (const operation of phase.exercised) {
        if (operation !== failure.operation) {
          collector.pass('stateful.model', operation)
        }
      }
      const last = failure.steps.at(-1)
      collector.fail('stateful.model', failure.operation, last?.exchange, {
        expected: 'every step keeps what the spec implies for the pets created before it',
        actual: failure.message,
        message: `A sequence of ${countOf(failure.steps.length, 'request')} breaks the model (found after ${countOf(details.numRuns, 'run')} as ${countOf(phase.firstFailure ?? failure.steps.length, 'request')}, shrunk ${countOf(details.numShrinks, 'time')} within the phase's budget of ${countOf(budget, 'request')}; replay with --seed ${details.seed})`,
        seed: details.seed,
        ...(details.counterexamplePath ? { path: details.counterexamplePath } : {}),
        sequence: describeFailure(failure),
      })
      return
    }
    if (details.failed) {
      throw details.errorInstance
    }
    for (const operation of phase.exercised) {
      collector.pass('stateful.model', operation)
    }
  },
}
