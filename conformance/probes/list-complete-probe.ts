import { ExactInt64, type ResponsePet } from '../../src/judge/response-schemas.ts'
import { PetStatus } from '../../src/spec/index.ts'
import { LIST_LIMIT } from '../../src/spec/limits.ts'
import { describeResponse } from '../model/result-collector.ts'
import type { Exchange } from '../model/types.ts'
import { fetchPet, knownStatus, listPets, type Probe, type ProbeContext } from './probe-context.ts'
import { assertLimitHonoured, judgeListPage, listItems } from './probes.ts'

/** Pets confirmed with `GET /pets/{id}` before the lists are read. */
const MAX_KNOWN = 3
/** The wait before a page that missed a pet is read again once (a list that lags behind writes). */
export const LIST_RETRY_MS = 1_000

const CHECK = 'list.complete'

/**
 * `list.complete`: a `limit=100` page shorter than 100 is the whole list
 * (with its filter; `limit` is honoured exactly), so it holds every pet known
 * to exist that matches; a default page (whose size the kit lets a server
 * choose up to 20) is never empty while one exists. Known to exist: up to 3
 * pets the run created (or, without creates, saw listed) that `GET
 * /pets/{id}` answers right now. Pages read: both, alone and with each
 * status (a status no known pet has is read for what it lists). A page that misses one is read again once after
 * {@link LIST_RETRY_MS} (a list served from an index that lags behind
 * writes); a second miss fails.
 *
 * Every page is held to every rule of a list page (`judgeListPage`). A `limit=100` page is "the whole list" only when `limit` is
 * honoured: one holding fewer pets than the run has seen listed with its
 * filter (up to 100) fails `list.limit-exact` instead, and is not judged for
 * completeness; nor is any page of a `limit`, once one of them did
 * (`limitNotHonoured`; completeness is judged after every page is read): a
 * page cut at 50 whatever `limit` says is short because of its limit, not
 * proof that a pet it leaves out is unlisted. So the verdict is the same
 * whether the server holds 60 pets or, after an earlier run, 130: it depends
 * on what the run observed, not on how many pets the server had before it.
 *
 * @example
 * await listCompleteProbe.run(context)
 */
export const listCompleteProbe: Probe = {
  name: 'complete lists',
  needs: ['pets listed', 'a pet created'],
  checks: [CHECK],
  async run(context) {
    const known = await confirmedPets(context)
    if (known.length === 0) {
      context.collector.skip(
        CHECK,
        'listPets',
        'no pet the run created or saw listed could be fetched with GET /pets/{id}',
      )
      return
    }
    // A pet shown without its optional `status` is looked for under the status
    // the run created it with (§2).
    const statuses = [
      ...new Set(
        known.flatMap((pet) => {
          const status = knownStatus(context.state, pet)
          return status ? [status] : []
        }),
      ),
    ]
    // The filtered pages first, of every status: what they list counts for
    // the unfiltered page's limit (a page cut below `limit` is seen as cut
    // once the run has listed more pets than it holds).
    const filters = [...new Set([...PetStatus.options, ...statuses]), undefined]
    const pages: Array<Page> = []
    for (const status of filters) {
      // A status no known pet has: only its whole page, for the pets it lists.
      const limits =
        status === undefined || statuses.includes(status)
          ? [LIST_LIMIT.max, undefined]
          : [LIST_LIMIT.max]
      for (const limit of limits) {
        const page = await readPage(context, known, status, limit)
        if (page) pages.push(page)
      }
    }
    // Judged once all are read: a page of `limit` cut short shows on any of them.
    for (const page of pages) {
      await judgePage(context, page)
    }
  },
}

async function confirmedPets(context: ProbeContext): Promise<Array<ResponsePet>> {
  const { state } = context
  const candidates = [...state.created].reverse()
  if (candidates.length === 0) candidates.push(...state.pets.values())
  const known: Array<ResponsePet> = []
  for (const candidate of candidates.slice(0, MAX_KNOWN)) {
    const { pet } = await fetchPet(context, candidate.id)
    if (pet && pet.id === candidate.id) known.push(pet)
  }
  return known
}

/** A page read for `list.complete`, with what it must hold. */
interface Page {
  label: string
  limit: number | undefined
  expected: Array<ResponsePet>
  read: () => Promise<{ exchange: Exchange; problem: string | undefined }>
  first: { exchange: Exchange; problem: string | undefined }
}

/**
 * Reads one page and holds it to every rule of a list page and, for a page
 * of `limit`, to `list.limit-exact` against the pets the run has seen listed
 * with its filter; a page that breaks that one is not judged for
 * completeness (undefined).
 */
async function readPage(
  context: ProbeContext,
  known: Array<ResponsePet>,
  status: string | undefined,
  limit: number | undefined,
): Promise<Page | undefined> {
  const query = [
    ...(limit === undefined ? [] : [`limit=${limit}`]),
    ...(status === undefined ? [] : [`status=${status}`]),
  ].join('&')
  const expected = known.filter(
    (pet) => status === undefined || knownStatus(context.state, pet) === status,
  )
  // Distinct pets the run has seen listed with this filter: a page of `limit` holds min(limit, seen).
  const seen =
    limit === undefined
      ? 0
      : [...context.state.pets.values()].filter(
          (pet) => status === undefined || knownStatus(context.state, pet) === status,
        ).length
  const read = async () => {
    const exchange = await listPets(context, query ? `?${query}` : '')
    judgeListPage(context, exchange)
    return { exchange, problem: missing(exchange, expected, limit) }
  }
  const first = await read()
  const why = 'so the page is not the whole list (list.complete not judged on it)'
  if (limit !== undefined && assertLimitHonoured(context, first.exchange, limit, seen, why)) {
    return undefined
  }
  return { label: `GET /pets${query ? `?${query}` : ''}`, limit, expected, read, first }
}

/**
 * Judges a page read by {@link readPage} for `list.complete`, once every
 * page of the probe was read: a page of `limit` is not judged when any page
 * of `limit` came short of what the run had seen (`limitNotHonoured`: a
 * short page is then no whole list), whichever page showed it.
 */
async function judgePage(context: ProbeContext, page: Page): Promise<void> {
  const { label, limit, expected } = page
  if (limit !== undefined && context.state.limitNotHonoured) return
  let { exchange, problem } = page.first
  if (problem !== undefined && problem !== NOT_A_LIST) {
    context.onWait?.(LIST_RETRY_MS, `reading ${label} again: it missed a pet that exists`)
    await context.sleep(LIST_RETRY_MS)
    ;({ exchange, problem } = await page.read())
  }
  if (problem === NOT_A_LIST) {
    // list.schema and list.limit judge a page that is not a list of pets.
    context.collector.skip(
      CHECK,
      'listPets',
      `${label} gave no list (${describeResponse(exchange)})`,
    )
    return
  }
  context.collector.assert(
    CHECK,
    'listPets',
    exchange,
    limit === undefined
      ? `${label}: at least one pet, since ${expected.map((pet) => pet.id).join(', ')} exist${expected.length === 1 ? 's' : ''} and match${expected.length === 1 ? 'es' : ''} (confirmed with GET /pets/{id} just before)`
      : `${label}: ${limit} pets, or fewer holding every pet that exists and matches (${expected.map((pet) => pet.id).join(', ')}, each confirmed with GET /pets/{id} just before)`,
    problem,
  )
}

const NOT_A_LIST = 'not a list'

/**
 * Why the page breaks the rule, `NOT_A_LIST`, or `undefined` when it keeps
 * it. `limit`: the page's explicit limit; none for a default page.
 */
function missing(
  exchange: Exchange,
  expected: Array<ResponsePet>,
  limit: number | undefined,
): string | undefined {
  const items = listItems(exchange)
  if (items === undefined) return NOT_A_LIST
  if (expected.length === 0) return undefined
  if (limit === undefined) {
    return items.length > 0 ? undefined : 'an empty list'
  }
  if (items.length >= limit) return undefined
  const listed = new Set(
    items.flatMap((item) => {
      const id = ExactInt64.safeParse(item.id)
      return id.success ? [id.data] : []
    }),
  )
  const absent = expected.filter((pet) => !listed.has(pet.id))
  if (absent.length === 0) return undefined
  return `${items.length} pet${items.length === 1 ? '' : 's'} (fewer than ${limit}, so the whole list), without ${absent.map((pet) => pet.id).join(', ')}, which GET /pets/{id} returned just before`
}
