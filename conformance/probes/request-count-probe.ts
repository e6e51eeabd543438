import { stringifyExact } from '../../src/judge/exact-json.ts'
import { parseRateLimitHeaders, type RateLimitHeaders } from '../../src/judge/rate-limit-headers.ts'
import { countOf } from '../../src/utils/count-of.ts'
import { kitPath } from '../model/kit-routes.ts'
import { describeResponse } from '../model/result-collector.ts'
import { toCurlSequence } from '../model/to-curl.ts'
import type { CheckOperation, Exchange } from '../model/types.ts'
import {
  ensureCategoryId,
  listPets,
  neverIssuedId,
  type Probe,
  type ProbeContext,
  postPet,
} from './probe-context.ts'

/** How often a measurement is tried when the window resets during it. */
const ATTEMPTS = 2

const REFUSED_ON_THE_WAY =
  'a request was refused with 429 on the way (whether that counts is up to the server)'

/** One request of a measurement: its operation, and how it is sent. */
interface Step {
  operation: CheckOperation<'ratelimit.counts-once'>
  what: string
  send: (concurrent: boolean) => Promise<Exchange>
}

/** What one measurement found: the fall of Remaining it expected and saw, or why it could not tell. */
type Measured =
  | {
      judged: true
      before: RateLimitHeaders
      after: RateLimitHeaders
      sent: number
      last: Exchange
    }
  | { judged: false; retry: boolean; reason: string }

const usable = (exchange: Exchange): RateLimitHeaders | undefined =>
  exchange.response && exchange.response.status !== 429
    ? parseRateLimitHeaders(exchange.response.headers)
    : undefined

/**
 * Compares Remaining of `base` with that of the last exchange, `sent`
 * requests later. Every response must be in the base's window (same Limit
 * and Reset): a reset in between (the kit's pacing waits for one when
 * Remaining runs out) is worth a retry, never a failure.
 */
function compare(base: Exchange, exchanges: Array<Exchange>, sent: number): Measured {
  const before = usable(base)
  if (!before) {
    return { judged: false, retry: false, reason: 'a response had no usable X-RateLimit-* headers' }
  }
  let after = before
  for (const exchange of exchanges) {
    const headers = usable(exchange)
    if (!headers) {
      return {
        judged: false,
        retry: exchange.response?.status === 429,
        reason:
          exchange.response?.status === 429
            ? REFUSED_ON_THE_WAY
            : 'a response had no usable X-RateLimit-* headers',
      }
    }
    if (headers.limit !== before.limit || headers.reset !== before.reset) {
      return {
        judged: false,
        retry: true,
        reason: `the rate-limit window reset during the measurement, ${ATTEMPTS} times`,
      }
    }
    after = headers
  }
  return { judged: true, before, after, sent, last: exchanges.at(-1) as Exchange }
}

/**
 * Sends `requests` after a baseline and compares the fall of Remaining with
 * the number of requests that went out (retries included), trying again
 * once when the window reset in between.
 */
async function measure(
  context: ProbeContext,
  base: Exchange,
  requests: () => Promise<Array<Exchange>>,
): Promise<{ measured: Measured; last: Exchange }> {
  let measured: Measured = { judged: false, retry: false, reason: 'not measured' }
  let last = base
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const { stats } = context.client
    const [sentBefore, retriedBefore] = [stats.requests, stats.retries]
    const exchanges = await requests()
    const sent = stats.requests - sentBefore
    // A retried 429 is a request the server refused: whether it counts is its choice.
    measured =
      stats.retries > retriedBefore
        ? {
            judged: false,
            retry: true,
            reason: REFUSED_ON_THE_WAY,
          }
        : compare(last, exchanges, sent)
    last = exchanges.at(-1) ?? last
    if (measured.judged || !measured.retry) {
      break
    }
  }
  return { measured, last }
}

const fellBy = (measured: Extract<Measured, { judged: true }>) =>
  measured.before.remaining - measured.after.remaining

/** A request that is not the key's to count, sent before one step with the key. */
interface Foreign {
  check: 'ratelimit.keyless-not-counted' | 'ratelimit.keys-separate'
  auth: 'none' | 'other'
  what: string
}

/**
 * The requests each counted on its own, one per operation: a list, a create
 * (unless read-only or no category is known), a get of `knownId` (a listed
 * pet, when there is one), a get answered 404 and the orders.
 */
function countedSteps(
  context: ProbeContext,
  categoryId: bigint | undefined,
  knownId: bigint | undefined,
): Array<Step> {
  const { client } = context
  const get = (id: bigint, what: string): Step => ({
    operation: 'getPet',
    what,
    send: (concurrent) =>
      client.send({
        operation: 'getPet',
        method: 'GET',
        path: kitPath('getPet', { petId: id }),
        auth: 'valid',
        concurrent,
      }),
  })
  return [
    {
      operation: 'listPets',
      what: 'GET /pets?limit=1',
      send: (concurrent) =>
        client.send({
          operation: 'listPets',
          method: 'GET',
          path: kitPath('listPets', {}, 'limit=1'),
          auth: 'valid',
          concurrent,
        }),
    },
    ...(context.readOnly || categoryId === undefined
      ? []
      : [
          {
            operation: 'createPet' as const,
            what: 'POST /pets',
            send: (concurrent: boolean) =>
              postPet(
                context,
                stringifyExact({ name: `${context.namePrefix}counted`, categoryId }),
                { concurrent },
              ),
          },
        ]),
    ...(knownId === undefined ? [] : [get(knownId, 'GET /pets/{id} of a listed pet')]),
    get(neverIssuedId(context), 'GET /pets/{id} of an id never issued (404)'),
    {
      operation: 'listOrders',
      what: 'GET /store/orders',
      send: (concurrent) =>
        client.send({
          operation: 'listOrders',
          method: 'GET',
          path: kitPath('listOrders'),
          auth: 'valid',
          concurrent,
        }),
    },
  ]
}

/**
 * The requests that are not the key's to count, each sent before one step
 * with the key (the first steps), as the selection wants them; without a
 * second key, `ratelimit.keys-separate` is skipped.
 */
function foreignRequests(context: ProbeContext): Array<Foreign> {
  const foreign: Array<Foreign> = []
  if (context.wants('ratelimit.keyless-not-counted')) {
    foreign.push({
      check: 'ratelimit.keyless-not-counted',
      auth: 'none',
      what: 'one request without the key',
    })
  }
  if (context.wants('ratelimit.keys-separate')) {
    if (context.hasOtherKey) {
      foreign.push({
        check: 'ratelimit.keys-separate',
        auth: 'other',
        what: 'one request with the other key',
      })
    } else {
      context.collector.skip(
        'ratelimit.keys-separate',
        'listPets',
        'no second key was given (--other-token or PETSTORE_OTHER_API_KEY)',
      )
    }
  }
  return foreign
}

/** What was sent before a step: the request that is not the key's, and why it shows nothing, if it does not. */
interface SentBefore {
  exchange?: Exchange
  unjudged?: string
}

/**
 * Judges the check of a request that is not the key's (`before`), sent just
 * before `step`: Remaining fell by one, for the key's request only.
 */
function judgeForeign(
  context: ProbeContext,
  before: Foreign,
  step: Step,
  measured: Measured,
  sent: SentBefore,
): void {
  const { collector } = context
  if (sent.unjudged) {
    collector.skip(before.check, 'listPets', sent.unjudged)
  } else if (measured.judged) {
    const expected = `Remaining ${measured.before.remaining - 1} after ${measured.before.remaining}: ${before.what}, then ${step.what} with the key`
    if (fellBy(measured) === 1) {
      collector.pass(before.check, 'listPets', measured.last)
    } else {
      // Both requests reproduce it: the one that is not the key's, then the key's.
      collector.fail(before.check, 'listPets', measured.last, {
        expected,
        actual: `Remaining ${measured.after.remaining} after ${measured.before.remaining}: it fell by ${fellBy(measured)} for ${before.what} and ${step.what} with the key (same window, Reset ${measured.after.reset})`,
        ...(sent.exchange && {
          sequence: toCurlSequence([
            { command: before.what, request: sent.exchange.request },
            { command: `${step.what} with the key`, request: measured.last.request },
          ]),
        }),
      })
    }
  } else {
    collector.skip(before.check, 'listPets', measured.reason)
  }
}

/**
 * Sends the request that is not the key's to count; says why it shows
 * nothing of the counters when it never reached the server, or when a
 * second key was refused as no key.
 */
async function sendForeign(context: ProbeContext, before: Foreign): Promise<SentBefore> {
  const exchange = await context.client.send({
    operation: 'listPets',
    method: 'GET',
    path: kitPath('listPets', {}, 'limit=1'),
    auth: before.auth,
  })
  const unjudged = !exchange.response
    ? `${before.what} got ${describeResponse(exchange)}`
    : before.auth === 'other' && exchange.response.status === 401
      ? `the second key was refused (${describeResponse(exchange)}): is --other-token a key of this server?`
      : undefined
  return { exchange, ...(unjudged === undefined ? {} : { unjudged }) }
}

/**
 * Measures each step on its own (after the request that is not the key's,
 * for the first ones): `ratelimit.counts-once` per operation and the
 * checks of `foreign`. Returns the last exchange, the next baseline.
 */
async function measureEachStep(
  context: ProbeContext,
  steps: Array<Step>,
  foreign: Array<Foreign>,
  base: Exchange,
): Promise<Exchange> {
  const { collector } = context
  let baseline = base
  for (const [index, step] of steps.entries()) {
    const before = foreign[index]
    let sent: SentBefore = {}
    const { measured, last } = await measure(context, baseline, async () => {
      if (before) {
        sent = await sendForeign(context, before)
      }
      return [await step.send(false)]
    })
    baseline = last
    if (before) {
      judgeForeign(context, before, step, measured, sent)
    }
    if (!context.wants('ratelimit.counts-once')) {
      continue
    }
    if (!measured.judged) {
      collector.skip('ratelimit.counts-once', step.operation, measured.reason)
      continue
    }
    // The requests sent with the key (the one before it is not the key's).
    const keyed = measured.sent - (before ? 1 : 0)
    collector.assert(
      'ratelimit.counts-once',
      step.operation,
      measured.last,
      `Remaining ${measured.before.remaining - keyed} after ${measured.before.remaining}: ${countOf(keyed, 'request')} (${step.what}), each counted once`,
      fellBy(measured) === keyed
        ? undefined
        : `Remaining ${measured.after.remaining} after ${measured.before.remaining}: it fell by ${fellBy(measured)} for ${countOf(keyed, 'request')} (${step.what}; same window, Reset ${measured.after.reset})`,
    )
  }
  return baseline
}

/** `ratelimit.counts-overlapping`: every step sent at once, then one list more, each counted. */
async function measureOverlapping(
  context: ProbeContext,
  steps: Array<Step>,
  base: Exchange,
): Promise<void> {
  const { collector } = context
  const { measured } = await measure(context, base, async () => {
    const sent = await Promise.all(steps.map((step) => step.send(true)))
    return [...sent, await (steps[0] as Step).send(false)]
  })
  if (!measured.judged) {
    collector.skip('ratelimit.counts-overlapping', 'listPets', measured.reason)
    return
  }
  const batch = steps.map((step) => step.what).join(', ')
  collector.assert(
    'ratelimit.counts-overlapping',
    'listPets',
    measured.last,
    `Remaining ${measured.before.remaining - measured.sent} after ${measured.before.remaining}: ${countOf(measured.sent, 'request')}, each counted once`,
    fellBy(measured) === measured.sent
      ? undefined
      : `Remaining ${measured.after.remaining} after ${measured.before.remaining}: it fell by ${fellBy(measured)} for ${countOf(measured.sent, 'request')} (${batch} sent at once, then GET /pets?limit=1; same window, Reset ${measured.after.reset})`,
  )
}

/**
 * `ratelimit.counts-once` and `ratelimit.counts-overlapping`: Remaining falls
 * by exactly the number of requests sent with the key, one operation at a
 * time (a list, a create unless read-only, a get, a get answered 404, the
 * orders; the list preceded by a request without the key, the next step by
 * one with the second key, neither of which may count:
 * `ratelimit.keyless-not-counted`, `ratelimit.keys-separate`), and for
 * requests sent at the same time. About 14 requests; a
 * window that resets in the middle of a measurement is measured again, once,
 * then skipped (Reset tells the windows apart).
 *
 * @example
 * await requestCountProbe.run(context)
 */
export const requestCountProbe: Probe = {
  name: 'each request counts once',
  needs: ['pets listed', 'a pet created'],
  checks: [
    'ratelimit.counts-once',
    'ratelimit.keyless-not-counted',
    'ratelimit.keys-separate',
    'ratelimit.counts-overlapping',
  ],
  async run(context) {
    const { state } = context
    const knownId = state.pets.keys().next().value ?? state.created[0]?.id
    const categoryId = await ensureCategoryId(context)
    const steps = countedSteps(context, categoryId, knownId)
    if (!context.readOnly && categoryId === undefined) {
      context.collector.skip(
        'ratelimit.counts-once',
        'createPet',
        `no categoryId known: ${state.noCategoryReason ?? 'none found'}`,
      )
    }
    let base = await listPets(context, '?limit=1')
    // The first steps are preceded by a request that is not the key's to count.
    const foreign = foreignRequests(context)
    if (context.wants('ratelimit.counts-once') || foreign.length > 0) {
      base = await measureEachStep(context, steps, foreign, base)
    }
    if (context.wants('ratelimit.counts-overlapping')) {
      await measureOverlapping(context, steps, base)
    }
  },
}
