import { Pet } from '../src/spec/index.ts'
import type { HttpClient } from './http-client.ts'
import type { RateLimitPacer } from './rate-limit-pacer.ts'
import { parseResponseBody } from './response-checks.ts'
import type { ResultCollector } from './result-collector.ts'
import type { Exchange } from './types.ts'

/** What the probes learn while the run goes on. */
export interface RunState {
  /** Pets seen in list responses, by id. */
  pets: Map<number, Pet>
  /** Category ids seen on listed pets, in order of discovery. */
  categoryIds: Array<number>
  /** Pets the run created. */
  created: Array<Pet>
  /** The pre-flight `GET /pets`. */
  preflight?: Exchange
}

/** Everything a probe may use. */
export interface ProbeContext {
  client: HttpClient
  collector: ResultCollector
  pacer: RateLimitPacer
  state: RunState
  seed: number
  /** Generated cases per property (valid and invalid). */
  examples: number
  readOnly: boolean
  /** A category id to use when none can be discovered. */
  categoryId?: number
  now: () => number
  sleep: (ms: number) => Promise<void>
  maxWaitMs: number
  maxRequests: number
  /** Whether the probe should send the requests of a check (selected, or feeding response checks). */
  wants: (checkId: string) => boolean
  onWait?: (ms: number, reason: string) => void
}

/** A group of requests feeding some checks. */
export interface Probe {
  name: string
  /** The checks the probe asserts (it runs when one of them is selected). */
  checks: Array<string>
  run: (context: ProbeContext) => Promise<void>
}

/**
 * The category id to use for creating pets: one seen in the list, else the
 * configured one.
 *
 * @example
 * knownCategoryId(context) // 1
 */
export function knownCategoryId(context: ProbeContext): number | undefined {
  return context.state.categoryIds[0] ?? context.categoryId
}

/**
 * An id that no pet seen in this run has, far above the largest one.
 *
 * @example
 * neverIssuedId(context) // 999999999999
 */
export function neverIssuedId(context: ProbeContext): number {
  let max = 0
  for (const id of context.state.pets.keys()) {
    max = Math.max(max, id)
  }
  for (const pet of context.state.created) {
    max = Math.max(max, pet.id)
  }
  return Math.min(Math.max(max + 1_000_000_000, 999_999_999_999), Number.MAX_SAFE_INTEGER)
}

/**
 * Sends `GET /pets`, with an optional query, and the valid key.
 *
 * @example
 * const exchange = await listPets(context, '?limit=1')
 */
export function listPets(context: ProbeContext, query = ''): Promise<Exchange> {
  return context.client.send({
    operation: 'listPets',
    method: 'GET',
    path: `/pets${query}`,
    auth: 'valid',
  })
}

/**
 * Sends `POST /pets` with the valid key, `Content-Type: application/json`
 * and the body, if any.
 *
 * @example
 * const exchange = await postPet(context, JSON.stringify({ name: 'conformance-1', categoryId: 1 }))
 */
export function postPet(context: ProbeContext, body?: string): Promise<Exchange> {
  return context.client.send({
    operation: 'createPet',
    method: 'POST',
    path: '/pets',
    auth: 'valid',
    contentType: 'application/json',
    ...(body === undefined ? {} : { body }),
  })
}

/**
 * Sends `GET /pets/{id}` with the valid key; returns the exchange and the
 * body as a Pet, when it is a valid one (whatever the status).
 *
 * @example
 * const { exchange, pet } = await fetchPet(context, 1)
 */
export async function fetchPet(
  context: ProbeContext,
  id: number | string,
): Promise<{ exchange: Exchange; pet?: Pet }> {
  const exchange = await context.client.send({
    operation: 'getPet',
    method: 'GET',
    path: `/pets/${id}`,
    auth: 'valid',
  })
  const parsed = parseResponseBody(exchange, Pet)
  return parsed?.success ? { exchange, pet: parsed.data } : { exchange }
}
