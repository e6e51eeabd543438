import { parseRetryAfter } from '../../src/judge/rate-limit-headers.ts'
import { RETRY_AFTER } from '../../src/spec/headers.ts'
import { countOf } from '../../src/utils/count-of.ts'
import { nameRecord } from '../../src/utils/name-record.ts'
import type { KitClock } from '../model/kit-clock.ts'
import { KIT_DEFAULTS } from '../model/kit-defaults.ts'
import { ConformanceError } from '../model/kit-message.ts'
import { swapAll } from '../model/swap-all.ts'
import { KEY_PLACEHOLDER, OTHER_KEY_PLACEHOLDER } from '../model/to-curl.ts'
import type { Credential, Exchange, OperationId, RunStats } from '../model/types.ts'
import { type RateLimitPacer, WaitTooLongError } from './rate-limit-pacer.ts'
import type { Transport } from './undici-transport.ts'

/** Thrown when the request budget (`maxRequests`) is spent. */
export class BudgetExhaustedError extends ConformanceError {
  override name = 'BudgetExhaustedError'

  constructor(detail: string) {
    super('budget', 'send a request', detail)
  }
}

/** Thrown when the server stops answering (several transport errors in a row). */
export class ServerUnreachableError extends ConformanceError {
  override name = 'ServerUnreachableError'

  constructor(action: string, detail: string) {
    super('serverGone', action, detail)
  }
}

/** One request a probe wants to send. */
export interface SendOptions {
  operation: OperationId
  method: string
  /** Path and query relative to the base URL, e.g. `/pets?limit=1`. */
  path: string
  /**
   * `valid`: `Bearer <key>`; `other`: `Bearer <the second key>`; `none`: no
   * Authorization header; any other string is the header value, where
   * `$PETSTORE_API_KEY` stands for the key.
   */
  auth: 'valid' | 'other' | 'none' | (string & {})
  /** The raw body text. */
  body?: string
  /** Defaults to `application/json` when a body is sent. */
  contentType?: string
  /** The `Accept` header: `application/json` unless given; `null` sends none. */
  accept?: string | null
  /** The probe provokes a 429 on purpose: no backoff, no retry. */
  expect429?: boolean
  /** Skip pacing (the rate-limit probe only). */
  pace?: boolean
  /** Sent together with others: responses may arrive in any order. */
  concurrent?: boolean
  /**
   * Further headers (`$PETSTORE_API_KEY` stands for the key); `null` leaves
   * out a header the client sends by default (`Accept`).
   */
  headers?: Record<string, string | null>
  /** The name `auth` is sent under: `Authorization` unless given (`authorization`, as HTTP/2 clients send it). */
  authName?: string
  /** The credential the request is paced and counted under, when `auth` spells the key another way. */
  credential?: Credential
}

/** Options of {@link createHttpClient}. */
export interface HttpClientOptions extends KitClock {
  baseUrl: string
  token: string
  /** The second key (`--other-token`), sent for `auth: 'other'`. */
  otherToken?: string
  transport: Transport
  pacer: RateLimitPacer
  timeoutMs: number
  maxRequests: number
  maxRetries?: number
  maxWaitMs?: number
  maxBodyBytes?: number
  /** Called with every exchange, 429s that are retried included. */
  onExchange?: (exchange: Exchange) => void
  onWait?: (ms: number, reason: string) => void
  /** Called before each request; throws to stop the run (e.g. its time bound). */
  beforeRequest?: () => void
  /** The longest a request may take now (e.g. what is left of the run's time). */
  timeLeftMs?: () => number
}

const CONSECUTIVE_ERRORS_BEFORE_GIVING_UP = 3

/**
 * What the kit accepts, as ordinary HTTP clients do; the transport decodes it.
 *
 * @example
 * headers['Accept-Encoding'] = ACCEPT_ENCODING
 */
export const ACCEPT_ENCODING = 'gzip, deflate, br'

/**
 * The headers a request is sent with, and as they are recorded: the same,
 * but for the keys, recorded as their placeholders (`reveal` writes each
 * placeholder as its key).
 */
function headersOf(
  send: SendOptions,
  reveal: (text: string) => string,
): { headers: Record<string, string>; recorded: Record<string, string> } {
  const headers: Record<string, string> = {
    ...(send.accept === null ? {} : { Accept: send.accept ?? 'application/json' }),
    'Accept-Encoding': ACCEPT_ENCODING,
  }
  const recorded: Record<string, string> = { ...headers }
  if (send.auth !== 'none') {
    const value =
      send.auth === 'valid'
        ? `Bearer ${KEY_PLACEHOLDER}`
        : send.auth === 'other'
          ? `Bearer ${OTHER_KEY_PLACEHOLDER}`
          : send.auth
    const name = send.authName ?? 'Authorization'
    headers[name] = reveal(value)
    recorded[name] = value
  }
  if (send.body !== undefined || send.contentType !== undefined) {
    const contentType = send.contentType ?? 'application/json'
    headers['Content-Type'] = contentType
    recorded['Content-Type'] = contentType
  }
  for (const [name, value] of Object.entries(send.headers ?? {})) {
    delete headers[name]
    delete recorded[name]
    if (value !== null) {
      headers[name] = reveal(value)
      recorded[name] = value
    }
  }
  return { headers, recorded }
}

/** Response headers by their lower-case names (a record without a prototype). */
function lowerCased(headers: Record<string, string>): Record<string, string> {
  const lower = nameRecord<string>()
  for (const [name, value] of Object.entries(headers)) {
    lower[name.toLowerCase()] = value
  }
  return lower
}

/**
 * The kit's HTTP client: a good client of a rate-limited API. It paces by
 * the rate-limit headers, backs off on an unrequested 429 (honouring
 * `Retry-After`, exponential, capped), counts requests against a budget and
 * records every exchange as it went: the keys as their placeholders where
 * the kit wrote them, the response as received (what is judged is never
 * redacted; the run hides the keys in what it hands out).
 *
 * @example
 * const client = createHttpClient({ baseUrl, token, transport, pacer, now: Date.now, sleep, timeoutMs: 10_000, maxRequests: 500 })
 * const exchange = await client.send({ operation: 'listPets', method: 'GET', path: '/pets', auth: 'valid' })
 */
export function createHttpClient(options: HttpClientOptions) {
  const maxRetries = options.maxRetries ?? KIT_DEFAULTS.maxRetries
  const maxWaitMs = options.maxWaitMs ?? KIT_DEFAULTS.maxWaitMs
  const maxBodyBytes = options.maxBodyBytes ?? KIT_DEFAULTS.maxResponseBytes
  const baseUrl = options.baseUrl.replace(/\/+$/, '')
  const stats: RunStats = {
    requests: 0,
    petsCreated: 0,
    unrequested429: 0,
    retries: 0,
    waitedMs: 0,
  }
  let nextId = 1
  let consecutiveErrors = 0

  const placeholders: Array<readonly [string, string]> = [[KEY_PLACEHOLDER, options.token]]
  if (options.otherToken) placeholders.push([OTHER_KEY_PLACEHOLDER, options.otherToken])
  /** The text with each placeholder written as its key (what is sent; the recorded request keeps the placeholders). */
  const reveal = (text: string): string => swapAll(text, placeholders)

  const sleep = async (ms: number, reason: string): Promise<void> => {
    options.onWait?.(ms, reason)
    await options.sleep(ms, reason)
    stats.waitedMs += ms
  }

  const sendOnce = async (send: SendOptions, credential: Credential): Promise<Exchange> => {
    if (stats.requests >= options.maxRequests) {
      throw new BudgetExhaustedError(
        `the budget of ${countOf(options.maxRequests, 'request')} is spent`,
      )
    }
    if (send.pace !== false) {
      stats.waitedMs += await options.pacer.beforeSend(credential)
    }
    const { headers, recorded } = headersOf(send, reveal)
    const url = `${baseUrl}${send.path}`
    options.beforeRequest?.()
    const started = options.now()
    stats.requests += 1
    const exchange: Exchange = {
      id: nextId++,
      operation: send.operation,
      credential,
      request: {
        method: send.method,
        url,
        headers: recorded,
        ...(send.body === undefined ? {} : { body: send.body }),
      },
      receivedAt: started,
      durationMs: 0,
      ...(send.concurrent ? { concurrent: true } : {}),
    }
    try {
      const response = await options.transport({
        method: send.method,
        url: url.replaceAll(KEY_PLACEHOLDER, encodeURIComponent(options.token)),
        headers,
        body: send.body,
        timeoutMs: Math.max(1, Math.min(options.timeoutMs, options.timeLeftMs?.() ?? Infinity)),
        maxBodyBytes,
      })
      consecutiveErrors = 0
      const responseHeaders = lowerCased(response.headers)
      exchange.response = {
        status: response.status,
        headers: responseHeaders,
        body: response.body,
        truncated: response.truncated,
      }
      options.pacer.observe(credential, responseHeaders, send.operation)
      if (send.method === 'POST' && send.operation === 'createPet' && response.status === 201) {
        stats.petsCreated += 1
      }
    } catch (error) {
      consecutiveErrors += 1
      const reason = describeTransportError(error, options.timeoutMs)
      exchange.error = reason
      options.pacer.forget(credential)
      if (consecutiveErrors >= CONSECUTIVE_ERRORS_BEFORE_GIVING_UP) {
        throw new ServerUnreachableError(
          `reach ${baseUrl}`,
          `${consecutiveErrors} requests in a row failed (${reason})`,
        )
      }
    }
    exchange.receivedAt = options.now()
    exchange.durationMs = exchange.receivedAt - started
    options.onExchange?.(exchange)
    return exchange
  }

  return {
    stats,
    baseUrl,
    /** Sends a request, retrying an unrequested 429 with backoff. */
    async send(send: SendOptions): Promise<Exchange> {
      const credential: Credential =
        send.credential ??
        (send.auth === 'valid' ? 'valid' : send.auth === 'other' ? 'other' : 'invalid')
      for (let attempt = 0; ; attempt++) {
        const exchange = await sendOnce(send, credential)
        if (exchange.response?.status !== 429 || send.expect429) {
          return exchange
        }
        stats.unrequested429 += 1
        if (attempt >= maxRetries) {
          return exchange
        }
        const retryAfter = parseRetryAfter(exchange.response.headers[RETRY_AFTER], options.now())
        if (retryAfter !== undefined && retryAfter > maxWaitMs) {
          throw new WaitTooLongError(
            `the server answered 429 with Retry-After ${Math.ceil(retryAfter / 1000)} s, more than the ${Math.ceil(maxWaitMs / 1000)} s cap (is the key banned?)`,
          )
        }
        const backoff = Math.min(1000 * 2 ** attempt, maxWaitMs)
        await sleep(
          Math.max(retryAfter ?? 0, backoff),
          `backing off after an unrequested 429 (attempt ${attempt + 1} of ${maxRetries})`,
        )
        stats.retries += 1
        options.pacer.forget(credential)
      }
    },
  }
}

/** The client returned by {@link createHttpClient}. */
export type HttpClient = ReturnType<typeof createHttpClient>

/**
 * A one-line reason for a transport error.
 *
 * @example
 * describeTransportError(Object.assign(new Error('x'), { code: 'ECONNREFUSED' }), 10_000) // 'connection refused'
 */
export function describeTransportError(error: unknown, timeoutMs: number): string {
  const err = error as { code?: string; name?: string; message?: string; cause?: { code?: string } }
  const code = err?.code ?? err?.cause?.code
  if (
    err?.name === 'TimeoutError' ||
    code === 'UND_ERR_HEADERS_TIMEOUT' ||
    code === 'UND_ERR_BODY_TIMEOUT'
  ) {
    return `no response within ${timeoutMs} ms`
  }
  if (code === 'ECONNREFUSED') {
    return 'connection refused'
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return 'host not found'
  }
  return err?.message ? `${code ? `${code}: ` : ''}${err.message}` : String(error)
}
