import { stringifyExact } from '../../src/judge/exact-json.ts'
import { petMismatch, sameName, show } from '../../src/judge/exchange-rules.ts'
import { parseJsonBody } from '../../src/judge/parse-json-body.ts'
import { ResponsePet } from '../../src/judge/response-schemas.ts'
import { parseInt64 } from '../../src/spec/int64.ts'
import { describeResponse, type ResultCollector } from '../model/result-collector.ts'
import type { Exchange } from '../model/types.ts'
import { ensureCategoryId, fetchPet, type Probe, postPet, type RunState } from './probe-context.ts'

const CHECK = 'create.then-get'

/** The body of a 2xx as JSON, or undefined (no response, not JSON, cut short). */
function jsonOf(exchange: Exchange): unknown {
  const response = exchange.response
  if (!response || response.truncated) return undefined
  const json = parseJsonBody(response.body)
  return json.ok ? json.value : undefined
}

/** The id a `GET /pets/{id}` asks for, when its path spells an int64 as the kit writes ids. */
function askedId(exchange: Exchange): bigint | undefined {
  const text = new URL(exchange.request.url).pathname.split('/').pop() ?? ''
  const id = parseInt64(text)
  return id !== undefined && String(id) === text ? id : undefined
}

/** Every character beyond ASCII as its `\u` escape, so that two spellings of one text differ on the page. */
const escaped = (text: string): string =>
  JSON.stringify(text).replace(
    /[^\x20-\x7e]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )

/** How `shown` differs from the Pet a 201 answered, every name compared code unit for code unit. */
function storedMismatch(shown: ResponsePet, answered: ResponsePet): string | undefined {
  if (shown.name === answered.name || !sameName(shown.name, answered.name)) {
    return petMismatch(shown, answered, (a, b) => a === b)
  }
  // One text in two spellings: shown escaped, or the two would read alike.
  const name = `name ${escaped(shown.name)} instead of ${escaped(answered.name)} (the same name in Unicode NFC: stored normalised, which its 201 did not show)`
  const others = petMismatch(shown, answered)
  return others ? `${name}; ${others}` : name
}

/**
 * Follows every exchange of the run for `create.then-get`: each 201 of
 * `POST /pets` with a valid Pet is remembered by its id (the later one of
 * two 201s that answered one id), and each later `GET /pets/{id}`
 * of such an id with the valid key, and each list page that shows such a
 * pet, is held to show it exactly as the 201 answered it (the name code
 * unit for code unit: a server may store a name normalised, then its 201
 * says so; the other fields exactly; `status` where both show one, §2).
 * A get answered other than 200 fails, but for a 429 (§8 allows it).
 * Memory: one Pet per id the run created (the request budget bounds them).
 *
 * @example
 * const observe = observeReadBack(state, collector)
 * observe(exchange)
 */
export function observeReadBack(
  state: RunState,
  collector: ResultCollector,
): (exchange: Exchange) => void {
  return (exchange) => {
    const status = exchange.response?.status
    if (exchange.credential !== 'valid' || status === undefined) return
    if (exchange.operation === 'createPet' && status === 201) {
      const pet = ResponsePet.safeParse(jsonOf(exchange))
      if (!pet.success) return
      // An id two 201s answered is held to the later one (`create.unique-ids` says the rest).
      state.answered.set(pet.data.id, pet.data)
      return
    }
    if (exchange.operation === 'getPet') {
      const id = askedId(exchange)
      const pet = id === undefined ? undefined : state.answered.get(id)
      if (pet === undefined || status === 429) return
      state.readBack.add(pet.id)
      const shown = ResponsePet.safeParse(jsonOf(exchange))
      collector.assert(
        CHECK,
        'getPet',
        exchange,
        `200 with ${show(pet)}, as its 201 answered`,
        status !== 200 || !shown.success
          ? describeResponse(exchange)
          : shown.data.id !== pet.id
            ? `a Pet of id ${shown.data.id}`
            : storedMismatch(shown.data, pet),
      )
      return
    }
    if (exchange.operation === 'listPets' && status === 200) {
      const items = jsonOf(exchange)
      for (const item of Array.isArray(items) ? items : []) {
        const shown = ResponsePet.safeParse(item)
        const pet = shown.success ? state.answered.get(shown.data.id) : undefined
        if (!shown.success || pet === undefined) continue
        const problem = storedMismatch(shown.data, pet)
        collector.assert(
          CHECK,
          'listPets',
          exchange,
          `pet ${pet.id} listed as its 201 answered: ${show(pet)}`,
          problem && `pet ${pet.id}: ${problem}`,
        )
        if (problem) return
      }
    }
  }
}

/**
 * `create.then-get` for every pet the run created and did not read back
 * yet: `GET /pets/{id}` of each (judged by {@link observeReadBack}, as
 * every get of the run is); when no probe created one (`--only
 * create.then-get`), one created first. Runs after the last writing probe
 * but the rate-limit ones; one request per pet no probe fetched.
 *
 * @example
 * await readBackProbe.run(context)
 */
export const readBackProbe: Probe = {
  name: 'read back what was created',
  checks: [CHECK],
  // After the sequences, the last writes: every pet the run created is known.
  needs: ['pets listed', 'the sequences run'],
  writesLast: true,
  async run(context) {
    const { answered, readBack } = context.state
    if (answered.size === 0) {
      const categoryId = await ensureCategoryId(context)
      if (categoryId === undefined) {
        const reason = `no categoryId known: ${context.state.noCategoryReason ?? 'none found'}`
        context.collector.skip(CHECK, 'getPet', reason)
        context.collector.skip(CHECK, 'listPets', reason)
        return
      }
      await postPet(context, stringifyExact({ name: `${context.namePrefix}read-back`, categoryId }))
    }
    for (const id of answered.keys()) {
      if (!readBack.has(id)) await fetchPet(context, id)
    }
  },
}
