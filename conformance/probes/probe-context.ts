import { stringifyExact } from '../../src/judge/exact-json.ts'
import { parseJsonBody } from '../../src/judge/parse-json-body.ts'
import { ExactInt64, ResponsePet } from '../../src/judge/response-schemas.ts'
import { INT64, type PetStatus } from '../../src/spec/index.ts'
import type { KitClock } from '../model/kit-clock.ts'
import { kitPath } from '../model/kit-routes.ts'
import type { ResultCollector } from '../model/result-collector.ts'
import type { CheckId, Exchange } from '../model/types.ts'
import type { HttpClient } from '../transport/http-client.ts'
import type { RateLimitPacer } from '../transport/rate-limit-pacer.ts'
import { parseResponseBody } from './response-checks.ts'

/** What the probes learn while the run goes on. */
export interface RunState {
  /** Pets seen in list responses, by their exact id. */
  pets: Map<bigint, ResponsePet>
  /** Category ids seen on listed pets, in order of discovery. */
  categoryIds: Array<bigint>
  /** Pets the run created. */
  created: Array<ResponsePet>
  /**
   * The status each pet the run created was sent with: what it has, also
   * where a server leaves the optional `status` out of what it shows (§2).
   */
  sentStatus: Map<bigint, PetStatus>
  /**
   * Why the list gave no pets to learn from (empty, not a valid list, an
   * error status), for honest skip reasons; unset once a pet was seen.
   */
  noPetsReason?: string
  /** Why no category id could be found (for skip reasons). */
  noCategoryReason?: string
  /** The pre-flight `GET /pets`. */
  preflight?: Exchange
  /**
   * The Pet each 201 of `POST /pets` answered, by its id (the later of two
   * that answered one id): what `GET /pets/{id}` and the list must show.
   */
  answered: Map<bigint, ResponsePet>
  /** The ids of {@link answered} a `GET /pets/{id}` of the run has read back. */
  readBack: Set<bigint>
  /**
   * A page of `limit` k held fewer pets than the run had seen listed
   * (`list.limit-exact` failed): `limit` is not honoured, so a page shorter
   * than its `limit` no longer shows the whole list.
   */
  limitNotHonoured?: boolean
}

/** Everything a probe may use, its clock included. */
export interface ProbeContext extends KitClock {
  client: HttpClient
  collector: ResultCollector
  pacer: RateLimitPacer
  state: RunState
  seed: number
  /** The start of every name the run's own creates carry (`runNamePrefix`). */
  namePrefix: string
  /** Generated cases per property (valid and invalid). */
  examples: number
  /** The request budget of the stateful phase (`--stateful-requests`). */
  statefulRequests: number
  readOnly: boolean
  /** A second key was given (`--other-token`): `auth: 'other'` sends it. */
  hasOtherKey: boolean
  /** A category id to use when none can be discovered (`--category-id`). */
  categoryId?: bigint
  maxWaitMs: number
  maxRequests: number
  /** Whether the probe should send the requests of a check (selected, or feeding response checks). */
  wants: (checkId: CheckId) => boolean
  onWait?: (ms: number, reason: string) => void
}

/**
 * What a probe may leave in the run's state for the probes after it:
 * `'pets listed'`, the pets and their categories a list showed
 * (`RunState.pets`, `categoryIds`: a category to create with, a pet to
 * fetch, the ids known so far); `'a pet created'`, a pet the run created and
 * remembers (`RunState.created`, `sentStatus`); `'the sequences run'`, the
 * stateful phase's creates done (`RunState.answered` holds every pet a 201
 * answered but the rate-limit probes'). A probe provides a fact when
 * it sets out to (the list, the creates), not when it adds to it by the way.
 */
export type RunFact = 'pets listed' | 'a pet created' | 'the sequences run'

/**
 * A group of requests feeding some checks, with what it needs from the run
 * before it: the run's order is derived from these (`orderProbes`).
 */
export interface Probe {
  name: string
  /** The checks the probe asserts (it runs when one of them is selected). */
  checks: Array<CheckId>
  /** Facts it reads: it runs after every probe that provides one of them. */
  needs?: ReadonlyArray<RunFact>
  /** Facts it leaves for the probes after it. */
  provides?: ReadonlyArray<RunFact>
  /**
   * It writes last and then reads what the run leaves in the store: it runs
   * after every other probe with a check that writes (the window's spenders
   * apart).
   */
  writesLast?: boolean
  /**
   * It spends the key's rate-limit window on purpose (it exhausts it and
   * waits for it to reset): it runs after every probe that does not.
   */
  spendsWindow?: boolean
  run: (context: ProbeContext) => Promise<void>
}

/** Category ids tried by a create when nothing tells one (the spec lists no categories). */
const CATEGORY_GUESSES = [1n, 2n, 3n]

/**
 * The category id to create pets with, found where the spec allows:
 * `--category-id`, a listed pet (the pre-flight list included), a pet named by `GET /store/orders`, or a
 * create with category id 1, 2 or 3 that the server accepts (that pet is
 * recorded as created). Remembers why none was found, naming the option.
 *
 * @example
 * const categoryId = await ensureCategoryId(context)
 */
export async function ensureCategoryId(context: ProbeContext): Promise<bigint | undefined> {
  const known = knownCategoryId(context)
  if (known !== undefined || context.readOnly || context.state.noCategoryReason) {
    return known
  }
  const { state } = context
  const listed = state.preflight?.response
    ? parseJsonBody(state.preflight.response.body)
    : undefined
  for (const item of listed?.ok && Array.isArray(listed.value) ? listed.value : []) {
    const pet = ResponsePet.safeParse(item)
    if (pet.success) {
      state.categoryIds.push(pet.data.categoryId)
      return pet.data.categoryId
    }
  }
  const orders = await context.client.send({
    operation: 'listOrders',
    method: 'GET',
    path: kitPath('listOrders'),
    auth: 'valid',
  })
  const json = orders.response?.status === 200 ? parseJsonBody(orders.response.body) : undefined
  const petIds = json?.ok && Array.isArray(json.value) ? json.value : []
  for (const order of petIds.slice(0, 2)) {
    const petId = ExactInt64.safeParse((order as { petId?: unknown })?.petId)
    if (petId.success) {
      const { pet } = await fetchPet(context, petId.data)
      if (pet) {
        state.pets.set(pet.id, pet)
        state.categoryIds.push(pet.categoryId)
        return pet.categoryId
      }
    }
  }
  for (const categoryId of CATEGORY_GUESSES) {
    const exchange = await postPet(
      context,
      stringifyExact({ name: `${context.namePrefix}category-probe`, categoryId }),
    )
    const parsed =
      exchange.response?.status === 201 ? parseResponseBody(exchange, ResponsePet) : undefined
    if (parsed?.success) {
      state.created.push(parsed.data)
      state.categoryIds.push(parsed.data.categoryId)
      return parsed.data.categoryId
    }
  }
  state.noCategoryReason = `${state.noPetsReason ?? 'no pet was listed'}, GET /store/orders named no pet, and creates with categoryId ${CATEGORY_GUESSES.join(', ')} were refused (pass one with --category-id N)`
  return undefined
}

/**
 * The status a pet has as far as the run knows: the one shown, else (a
 * server may leave the optional `status` out, §2) the one the run created it
 * with; undefined when neither is known.
 *
 * @example
 * knownStatus(context.state, { id: 7n, name: 'Rex', categoryId: 1n }) // 'sold' if created so
 */
export function knownStatus(
  state: RunState,
  pet: { id?: unknown; status?: unknown },
): PetStatus | string | undefined {
  if (typeof pet.status === 'string') return pet.status
  const id = ExactInt64.safeParse(pet.id)
  return id.success ? state.sentStatus.get(id.data) : undefined
}

/**
 * The category id to use for creating pets: one seen in the list, else the
 * configured one.
 *
 * @example
 * knownCategoryId(context) // 1n
 */
export function knownCategoryId(context: ProbeContext): bigint | undefined {
  return context.state.categoryIds[0] ?? context.categoryId
}

/**
 * An id that no pet seen in this run has, far above the largest one.
 *
 * @example
 * neverIssuedId(context) // 999999999999n
 */
export function neverIssuedId(context: ProbeContext): bigint {
  const seen = new Set<bigint>([
    ...context.state.pets.keys(),
    ...context.state.created.map((pet) => pet.id),
  ])
  let max = 0n
  for (const id of seen) {
    max = id > max ? id : max
  }
  let candidate = max + 1_000_000_000n
  candidate = candidate < 999_999_999_999n ? 999_999_999_999n : candidate
  candidate = candidate > INT64.max ? INT64.max : candidate
  while (seen.has(candidate)) {
    candidate -= 1n
  }
  return candidate
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
    path: kitPath('listPets', {}, query),
    auth: 'valid',
  })
}

/**
 * Sends `POST /pets` with the valid key, `Content-Type: application/json`
 * and the body, if any.
 *
 * @example
 * const exchange = await postPet(context, stringifyExact({ name: 'conformance-1', categoryId: 1n }))
 */
export function postPet(
  context: ProbeContext,
  body?: string,
  options: { concurrent?: boolean } = {},
): Promise<Exchange> {
  return context.client.send({
    ...options,
    operation: 'createPet',
    method: 'POST',
    path: kitPath('createPet'),
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
 * const { exchange, pet } = await fetchPet(context, 1n)
 */
export async function fetchPet(
  context: ProbeContext,
  id: bigint | string,
): Promise<{ exchange: Exchange; pet?: ResponsePet }> {
  const exchange = await context.client.send({
    operation: 'getPet',
    method: 'GET',
    path: kitPath('getPet', { petId: id }),
    auth: 'valid',
  })
  const parsed = parseResponseBody(exchange, ResponsePet)
  return parsed?.success ? { exchange, pet: parsed.data } : { exchange }
}
