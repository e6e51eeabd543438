import { stringifyExact } from '../../src/judge/exact-json.ts'
import {
  parseRateLimitHeaders,
  parseRetryAfter,
  serverDateSeconds,
} from '../../src/judge/rate-limit-headers.ts'
import { RETRY_AFTER } from '../../src/spec/headers.ts'
import { kitPath } from '../model/kit-routes.ts'
import { describeResponse } from '../model/result-collector.ts'
import type { Exchange } from '../model/types.ts'
import type { SendOptions } from '../transport/http-client.ts'
import { knownCategoryId, neverIssuedId, type Probe, type ProbeContext } from './probe-context.ts'

/** The operations besides the list that must be refused once the list is (`ratelimit.refuses-every-operation`). */
const EVERY_OTHER_OPERATION = ['createPet', 'getPet', 'listOrders'] as const

/** The longest window the probe will exhaust (a minute window, with slack). */
const MAX_WINDOW_S = 120
const RECOVERY_MARGIN_MS = 250

/**
 * The opt-in `rate-limit` group: exhausts the key's current window with
 * cheap `GET /pets?limit=1` calls, stops at the first 429 (so the key is
 * never banned), waits its `Retry-After` and checks that requests succeed
 * again. The response checks validate the 429's Error body, Retry-After and
 * headers, and the headers on the way there.
 *
 * @example
 * await rateLimitProbe.run(context)
 */
export const rateLimitProbe: Probe = {
  name: 'rate limit',
  needs: ['pets listed', 'a pet created'],
  spendsWindow: true,
  checks: [
    'ratelimit.exhaust',
    'ratelimit.recovers',
    'ratelimit.reset-truthful',
    'ratelimit.refuses-every-operation',
  ],
  async run(context) {
    const { client, collector } = context
    const skipBoth = (reason: string) => {
      collector.skip('ratelimit.exhaust', 'listPets', reason)
      collector.skip('ratelimit.recovers', 'listPets', reason)
      collector.skip('ratelimit.reset-truthful', 'listPets', reason)
      for (const operation of EVERY_OTHER_OPERATION) {
        collector.skip('ratelimit.refuses-every-operation', operation, reason)
      }
    }
    const send = (paced: boolean) =>
      client.send({
        operation: 'listPets',
        method: 'GET',
        path: kitPath('listPets', {}, 'limit=1'),
        auth: 'valid',
        ...(paced ? {} : { pace: false, expect429: true }),
      })
    const first = await send(true)
    const headers = parseRateLimitHeaders(first.response?.headers ?? {})
    if (!first.response || !headers) {
      skipBoth('the server sends no usable X-RateLimit-* headers to tell how far the window is')
      return
    }
    const serverNow =
      serverDateSeconds(first.response.headers) ?? Math.floor(first.receivedAt / 1000)
    if (headers.reset - serverNow > MAX_WINDOW_S) {
      skipBoth(
        `the window in force resets in ${headers.reset - serverNow} s (a daily quota?); exhausting it would lock the key`,
      )
      return
    }
    const left = context.maxRequests - client.stats.requests
    // The window's requests, the 429, one request per other operation, the recovery.
    const needed = headers.remaining + 2 + EVERY_OTHER_OPERATION.length
    if (needed > left) {
      skipBoth(
        `exhausting the window takes ${needed} requests; the budget has ${left} left (raise --max-requests)`,
      )
      return
    }

    let previous = headers
    let limited: Exchange | undefined
    const maxAttempts = Math.min(headers.remaining + headers.limit + 5, left - 1)
    for (let attempt = 0; attempt < maxAttempts; attempt++) {
      const exchange = await send(false)
      const status = exchange.response?.status
      if (status === 429) {
        limited = exchange
        break
      }
      if (status !== 200) {
        collector.fail('ratelimit.exhaust', 'listPets', exchange, {
          expected: '200 until the window is exhausted, then 429',
          actual: describeResponse(exchange),
        })
        return
      }
      const current = parseRateLimitHeaders(exchange.response?.headers ?? {})
      if (previous.remaining === 0 && (current === undefined || current.reset === previous.reset)) {
        collector.fail('ratelimit.exhaust', 'listPets', exchange, {
          expected: 'no request served once Remaining is 0, until the window resets',
          actual: `200 although the previous response said Remaining 0 (same window, Reset ${previous.reset})`,
        })
        return
      }
      previous = current ?? previous
    }
    if (!limited?.response) {
      collector.fail('ratelimit.exhaust', 'listPets', undefined, {
        expected: `429 once ${headers.remaining} remaining requests are spent`,
        actual: `no 429 after ${maxAttempts} more requests`,
      })
      collector.skip('ratelimit.recovers', 'listPets', 'no 429 was received')
      collector.skip('ratelimit.reset-truthful', 'listPets', 'no 429 was received')
      for (const operation of EVERY_OTHER_OPERATION) {
        collector.skip('ratelimit.refuses-every-operation', operation, 'no 429 was received')
      }
      return
    }
    const atLimit = parseRateLimitHeaders(limited.response.headers)
    const sameWindow = atLimit === undefined || atLimit.reset === previous.reset
    collector.assert(
      'ratelimit.exhaust',
      'listPets',
      limited,
      '429 only once Remaining has reached 0',
      sameWindow && previous.remaining > 0
        ? `429 although the previous response said Remaining ${previous.remaining}`
        : undefined,
    )

    const retryAfter = parseRetryAfter(limited.response.headers[RETRY_AFTER], context.now())
    const later = context.wants('ratelimit.refuses-every-operation')
      ? await refusesEveryOperation(context, limited, retryAfter)
      : []
    // §8 allows a temporary ban for requests sent after a 429, and the kit
    // sent some: the latest Retry-After it was given decides the wait.
    const latest = latestRetryAfter([limited, ...later])
    if (retryAfter === undefined || latest === undefined) {
      const reason = 'the 429 had no usable Retry-After'
      collector.skip('ratelimit.recovers', 'listPets', reason)
      collector.skip('ratelimit.reset-truthful', 'listPets', reason)
      return
    }
    if (latest.ms > context.maxWaitMs) {
      const actual = `Retry-After ${Math.ceil(latest.ms / 1000)} s`
      if (latest.exchange === limited) {
        collector.fail('ratelimit.recovers', 'listPets', limited, {
          expected: `a Retry-After the kit can wait (at most ${context.maxWaitMs / 1000} s)`,
          actual,
        })
      } else {
        collector.skip(
          'ratelimit.recovers',
          'listPets',
          `after the requests the kit sent past the 429 the server asked for ${actual} (a temporary ban, §8), more than the ${context.maxWaitMs / 1000} s the kit waits`,
        )
      }
      collector.skip('ratelimit.reset-truthful', 'listPets', `the kit did not wait the ${actual}`)
      return
    }
    const wait = Math.max(0, latest.at - context.now()) + RECOVERY_MARGIN_MS
    context.onWait?.(wait, 'waiting the latest Retry-After of the provoked 429s')
    client.stats.waitedMs += wait
    await context.sleep(wait)
    const recovered = await send(false)
    collector.assert(
      'ratelimit.recovers',
      'listPets',
      recovered,
      `200 after waiting Retry-After (${Math.ceil(latest.ms / 1000)} s${latest.exchange === limited ? '' : ', the latest one given'})`,
      recovered.response?.status === 200 ? undefined : describeResponse(recovered),
    )
    judgeReset(context, latest.exchange, recovered)
  },
}

/** Of the 429s, the one whose Retry-After ends last: when (local ms) and how long it asked for. */
function latestRetryAfter(
  exchanges: Array<Exchange>,
): { exchange: Exchange; at: number; ms: number } | undefined {
  let latest: { exchange: Exchange; at: number; ms: number } | undefined
  for (const exchange of exchanges) {
    if (exchange.response?.status !== 429) continue
    const ms = parseRetryAfter(exchange.response.headers[RETRY_AFTER], exchange.receivedAt)
    if (ms !== undefined && (latest === undefined || exchange.receivedAt + ms > latest.at)) {
      latest = { exchange, at: exchange.receivedAt + ms, ms }
    }
  }
  return latest
}

/**
 * `ratelimit.reset-truthful`: the `X-RateLimit-Reset` of the 429 told the
 * truth, as the kit saw after waiting anyway. At or after the claimed Reset
 * Remaining is back above 0 in a new window; before it, the whole quota is
 * not back (that is a window that reset earlier than claimed). What the wait
 * cannot show is reported as not tested, with the reason.
 */
function judgeReset(context: ProbeContext, limited: Exchange, recovered: Exchange): void {
  const { collector } = context
  const claimed = parseRateLimitHeaders(limited.response?.headers ?? {})
  const after = parseRateLimitHeaders(recovered.response?.headers ?? {})
  if (!claimed || !after || recovered.response?.status !== 200) {
    collector.skip(
      'ratelimit.reset-truthful',
      'listPets',
      !claimed || !after
        ? 'the 429 or the request after it had no usable X-RateLimit-* headers'
        : `the request after the wait answered ${describeResponse(recovered)}`,
    )
    return
  }
  const responses = recovered.response
  const at = serverDateSeconds(responses.headers) ?? Math.floor(recovered.receivedAt / 1000)
  if (at >= claimed.reset) {
    collector.assert(
      'ratelimit.reset-truthful',
      'listPets',
      recovered,
      `past the Reset ${claimed.reset} the 429 gave, Remaining above 0 in a window with a later Reset`,
      after.remaining > 0 && after.reset > claimed.reset
        ? undefined
        : `at ${at}, past the Reset ${claimed.reset}, Remaining ${after.remaining} with Reset ${after.reset}`,
    )
  } else if (after.remaining >= after.limit - 1) {
    collector.fail('ratelimit.reset-truthful', 'listPets', recovered, {
      expected: `the quota back no earlier than the Reset ${claimed.reset} the 429 gave`,
      actual: `at ${at}, ${claimed.reset - at} s before that Reset, Remaining is back to ${after.remaining} of ${after.limit} (Reset now ${after.reset})`,
    })
  } else {
    collector.skip(
      'ratelimit.reset-truthful',
      'listPets',
      `Retry-After ended ${claimed.reset - at} s before the Reset the 429 gave, and the quota was not back yet: the Reset could not be checked`,
    )
  }
}

/**
 * `ratelimit.refuses-every-operation`: right after the list answered 429,
 * a create (unless read-only), a get and an orders request, unpaced, must
 * answer 429 too. One that is served is judged only while the 429's window
 * holds: the same Reset, or, without headers, before its Retry-After ran out.
 */
async function refusesEveryOperation(
  context: ProbeContext,
  limited: Exchange,
  retryAfterMs: number | undefined,
): Promise<Array<Exchange>> {
  const { client, collector, state } = context
  const sent: Array<Exchange> = []
  const atLimit = parseRateLimitHeaders(limited.response?.headers ?? {})
  const categoryId = knownCategoryId(context)
  const petId = state.pets.keys().next().value ?? state.created[0]?.id ?? neverIssuedId(context)
  const requests: Array<SendOptions & { operation: (typeof EVERY_OTHER_OPERATION)[number] }> = [
    {
      operation: 'getPet',
      method: 'GET',
      path: kitPath('getPet', { petId }),
      auth: 'valid',
    },
    { operation: 'listOrders', method: 'GET', path: kitPath('listOrders'), auth: 'valid' },
  ]
  if (context.readOnly) {
    // The results of createPet are skipped as read-only.
  } else if (categoryId === undefined) {
    collector.skip(
      'ratelimit.refuses-every-operation',
      'createPet',
      `no categoryId known: ${state.noCategoryReason ?? 'none found'}`,
    )
  } else {
    requests.unshift({
      operation: 'createPet',
      method: 'POST',
      path: kitPath('createPet'),
      auth: 'valid',
      contentType: 'application/json',
      body: stringifyExact({ name: `${context.namePrefix}over-the-limit`, categoryId }),
    })
  }
  for (const request of requests) {
    const exchange = await client.send({ ...request, pace: false, expect429: true })
    sent.push(exchange)
    const status = exchange.response?.status
    const current = parseRateLimitHeaders(exchange.response?.headers ?? {})
    const sameWindow =
      atLimit && current
        ? atLimit.reset === current.reset
        : retryAfterMs !== undefined && exchange.receivedAt < limited.receivedAt + retryAfterMs
    if (status !== 429 && !sameWindow) {
      collector.skip(
        'ratelimit.refuses-every-operation',
        request.operation,
        'the window of the 429 had reset before the request went out',
      )
      continue
    }
    collector.assert(
      'ratelimit.refuses-every-operation',
      request.operation,
      exchange,
      `429, like the list in the same window (${request.method} ${request.path})`,
      status === 429
        ? undefined
        : `${describeResponse(exchange)} right after the list answered 429`,
    )
  }
  return sent
}
