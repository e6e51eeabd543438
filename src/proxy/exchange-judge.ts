import type { AnsweredViolation } from '../http/types.ts'

/**
 * One exchange as the judge reads it (the contract's `JudgedExchange`).
 *
 * @example
 * const exchange: JudgedExchange = { method: 'GET', path: '/v1/pets', query: '', requestHeaders: {}, status: 200, responseHeaders: {}, responseBody: '[]', receivedAt: Date.now() }
 */
export interface JudgedExchange {
  method: string
  /** Full path, `/v1` included. */
  path: string
  /** Raw, without `?`. */
  query: string
  requestHeaders: Record<string, string>
  requestBody?: string
  status: number
  responseHeaders: Record<string, string>
  responseBody: string
  responseTruncated?: boolean
  /** ms since the epoch. */
  receivedAt: number
  /** When the request was sent, ms since the epoch: requests that overlap are not compared in order. */
  sentAt?: number
}

/**
 * Judges one exchange against the spec; one per stream of exchanges (it
 * remembers what rules across responses need).
 *
 * @example
 * const judge: ExchangeJudge = () => []
 */
export type ExchangeJudge = (exchange: JudgedExchange) => Array<AnsweredViolation>
