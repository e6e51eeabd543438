import type { IncomingHttpHeaders } from 'node:http'
import type { ListQuery, PetInput, PetStore, StoredPet } from './pet-store.ts'
import type { RateDecision } from './rate-limiter.ts'

/**
 * A request as the handlers see it.
 *
 * @example
 * request.path // '/pets/7' (below the base path)
 */
export interface ParsedRequest {
  method: string
  /** The path below the base path; undefined when outside it. */
  path: string | undefined
  /**
   * The path below the base path as sent, before the server reads it (dot
   * segments and escapes kept); undefined when outside it. Read only by a
   * fault: a correct server reads `path`.
   */
  rawPath: string | undefined
  query: URLSearchParams
  headers: IncomingHttpHeaders
  /** The header names and values as sent, names in their own case (Node's `rawHeaders`). */
  rawHeaders: Array<string>
  body: string
  bodyTooLarge: boolean
  address: string
}

/**
 * What a handler answers; the writer serialises it.
 *
 * @example
 * const reply: Reply = { status: 200, headers: {}, body: [] }
 */
export interface Reply {
  status: number
  body?: unknown
  headers: Record<string, string>
  /** Raw text instead of JSON, with its content type (a correct server sets it only on a redirect's empty body). */
  raw?: { type: string; text: string }
}

/**
 * The replaceable parts of the reference server. A fault (`apply-fault.ts`)
 * wraps one or two of them; the server itself only ever calls them.
 *
 * @example
 * const key = parts.keyOf(request) // the caller's valid key, or undefined
 */
export interface ReferenceParts {
  ids: { next: () => Promise<bigint> }
  store: Pick<PetStore, 'insert' | 'find' | 'list'>
  parseNewPet: (text: string) => PetInput
  parseListQuery: (query: URLSearchParams) => ListQuery
  parsePetId: (text: string) => bigint
  /** The caller's valid key, or undefined. */
  keyOf: (request: ParsedRequest) => string | undefined
  /** The rate-limit bucket of a request: its key's, or its address's when it has none. */
  bucketOf: (request: ParsedRequest) => string
  /** Counts the request against its bucket's window. */
  count: (request: ParsedRequest) => RateDecision | Promise<RateDecision>
  /** A stored pet as the API shows it. */
  present: (pet: StoredPet) => Record<string, unknown>
  /** Run before the key is checked (none in a correct server). */
  beforeAuth: Array<(request: ParsedRequest) => void>
  /** Applied to every reply before it is written (identity in a correct server). */
  finish: (reply: Reply, request: ParsedRequest) => Reply
}
