import { describeSchemaIssues } from '../../src/judge/describe-response.ts'
import { parseExactJson } from '../../src/judge/exact-json.ts'
import { petMismatch } from '../../src/judge/exchange-rules.ts'
import { isJsonMediaType, parseMediaType } from '../../src/judge/media-type.ts'
import { parseJsonBody } from '../../src/judge/parse-json-body.ts'
import { bearerChallengeProblem, errorBodyProblemOf } from '../../src/judge/response-rules.ts'
import { ResponsePet, ResponsePets } from '../../src/judge/response-schemas.ts'
import { INT64, Orders, PetStatus } from '../../src/spec/index.ts'
import { LIST_LIMIT } from '../../src/spec/limits.ts'
import { pathSpelling, SAME_URI, type SpellingKind } from './path-spelling.ts'

/**
 * A request as the model reads it: any method, the target below the base
 * path with its raw query, any headers (names in any case), any body.
 *
 * @example
 * const request: ModelRequest = { method: 'GET', target: '/pets?limit=5&limit=500', headers: { authorization: 'bearer sk' } }
 */
export interface ModelRequest {
  method: string
  /** Path below the base path and the raw query, e.g. `/pets/%37?x=1`. */
  target: string
  headers: Record<string, string>
  body?: string | undefined
  /** The base URL's path (`/v1`), against which a redirect's `Location` is read. */
  base?: string | undefined
}

/**
 * A pet as the kit knows it (created by it, or fetched whole).
 *
 * @example
 * const pet: ModelPet = { id: 7n, name: 'Rex', categoryId: 1n, status: 'sold' }
 */
export interface ModelPet {
  id: bigint
  name: string
  categoryId: bigint
  status?: PetStatus | undefined
}

/**
 * What the model knows of the server before a request.
 *
 * @example
 * const state: ModelState = { token: 'sk', pets: new Map(), categoryIds: new Set([1n]) }
 */
export interface ModelState {
  /** The valid key. */
  token: string
  /** Pets whose fields the kit knows, by id. */
  pets: ReadonlyMap<bigint, ModelPet>
  /** Ids no pet has (chosen beyond every id the run saw). */
  unusedIds?: ReadonlySet<bigint>
  /** Category ids a create is known to be accepted with. */
  categoryIds: ReadonlySet<bigint>
  /**
   * How many pets the whole list holds, by status filter (`''` for none),
   * where a `limit=100` page showed it: the count when below 100, else 100.
   */
  listTotals?: ReadonlyMap<string, number>
}

/**
 * Where a request's key stands (§5): `valid` only for the kit's key in the
 * `Authorization` header under the `Bearer` scheme (any case, RFC 9110 §11.1).
 *
 * @example
 * credentialOf({ Authorization: 'BEARER sk' }, 'sk') // 'valid'
 */
export type ModelCredential = 'valid' | 'missing' | 'invalid'

/**
 * A response as the model judges it (header names in lower case).
 *
 * @example
 * const response: ModelResponse = { status: 200, headers: { 'content-type': 'application/json' }, body: '[]' }
 */
export interface ModelResponse {
  status: number
  headers: Record<string, string>
  body: string
}

/**
 * What the spec allows for one request: the answers, and what each leaves
 * behind.
 *
 * @example
 * const answers = answersOf(request, state)
 * answers.problem(response) // undefined when the response is one of the answers allowed
 */
export interface Answers {
  operation: 'listPets' | 'createPet' | 'getPet' | 'listOrders' | 'other'
  credential: ModelCredential
  /** How the path differs from the operation's path as the spec writes it (none for that path). */
  spelling: Array<SpellingKind>
  /** The answers allowed, in words. */
  expected: string
  /** Why the response is none of the answers allowed; undefined when it is one. */
  problem: (response: ModelResponse) => string | undefined
  /**
   * What the response leaves: the pet it created (only a 201 to a create
   * creates; every other answer changes nothing) and whether the key's
   * counter moved by exactly one.
   */
  after: (response: ModelResponse) => { created?: ModelPet; counted: boolean }
}

const CANONICAL_INTEGER = /^-?(0|[1-9]\d*)$/
const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/
const UNRESERVED = /%(2[dDeE]|3\d|[46][1-9a-fA-F]|[57][0-9aA]|5[fF]|7[eE])/g
const ORDINARY_NAME = /^[A-Za-z0-9][\w .'-]{0,62}$/

/** The header's value, its name matched in any case (RFC 9110 §5.1). */
function header(headers: Record<string, string>, name: string): string | undefined {
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === name) return value
  }
  return undefined
}

/**
 * Where the request's key stands: only the `Authorization` header counts
 * (§5); the scheme is matched in any case and may be followed by one or more
 * spaces (RFC 9110 §11.4). A key in the query, a cookie or another header is
 * a missing key.
 *
 * @example
 * credentialOf({ cookie: 'api_key=sk' }, 'sk') // 'missing'
 */
export function credentialOf(headers: Record<string, string>, token: string): ModelCredential {
  const value = header(headers, 'authorization')
  if (value === undefined) return 'missing'
  const match = /^([!#$%&'*+.^_`|~\w-]+) +([\w.~+/-]+=*)$/.exec(value.trim())
  return match?.[1]?.toLowerCase() === 'bearer' && match[2] === token ? 'valid' : 'invalid'
}

/**
 * Whether an `Accept` header admits `application/json` (RFC 9110 §12.5.1):
 * no header, `*\/*`, `application/*` or `application/json`, each with a
 * non-zero weight.
 *
 * @example
 * acceptsJson('text/html, *\/*;q=0.1') // true
 */
export function acceptsJson(accept: string | undefined): boolean {
  if (accept === undefined || accept.trim() === '') return true
  return accept.split(',').some((range) => {
    const [type = '', ...parameters] = range.split(';')
    const weight = parameters
      .map((parameter) => /^\s*q\s*=\s*([\d.]+)\s*$/i.exec(parameter)?.[1])
      .find((q) => q !== undefined)
    const name = type.trim().toLowerCase()
    return (
      (weight === undefined || Number(weight) > 0) &&
      (name === '*/*' || name === 'application/*' || name === 'application/json')
    )
  })
}

/** Percent-decoding, or the text as it is when it is not valid UTF-8 escapes. */
function decode(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}

/**
 * The values of a query parameter in a raw query, by exact (case-sensitive)
 * name. `+` is read both ways: as itself (RFC 3986) and as a space (HTML
 * forms); each reading is returned.
 *
 * @example
 * queryValues('limit=%2B5&limit=7', 'limit') // [['+5', '7'], [' 5', '7']]
 */
export function queryValues(query: string, name: string): Array<Array<string>> {
  const read = (plusIsSpace: boolean) =>
    query
      .split('&')
      .filter((pair) => pair !== '')
      .map((pair) => {
        const at = pair.indexOf('=')
        const [key, value] = at < 0 ? [pair, ''] : [pair.slice(0, at), pair.slice(at + 1)]
        const text = (part: string) => decode(plusIsSpace ? part.replaceAll('+', ' ') : part)
        return [text(key), text(value)] as const
      })
      .filter(([key]) => key === name)
      .map(([, value]) => value)
  const plain = read(false)
  const form = read(true)
  return plain.join('&') === form.join('&') ? [plain] : [plain, form]
}

/**
 * What a server may make of one `limit` value (§4.1: an integer 1..100,
 * default 20), as page sizes it may answer with and whether a 400 is
 * allowed. The integer written in its canonical form is read as written. The
 * same integer in another notation (`007`, `+5`, `5.0`, `1e1`, ` 5`) is read
 * as that integer, refused, or not read (the default, as by a parser of
 * digits only). A value that is no number (`5abc`, `0x10`, empty, `5.5`) is
 * refused or read as absent (the default). Never a third number. Out of
 * range: refused or any page up to 100 (the advisory `list.invalid-limit`
 * judges how).
 *
 * @example
 * limitReading('1e1') // { sizes: [10, 20], refuse: true }
 */
export function limitReading(value: string): {
  sizes: Array<number>
  refuse: boolean
  open?: true
} {
  const ofNumber = (number: number, canonical: boolean) =>
    number >= LIST_LIMIT.min && number <= LIST_LIMIT.max
      ? { sizes: [number], refuse: !canonical }
      : { sizes: [], refuse: true, open: true as const }
  if (CANONICAL_INTEGER.test(value)) return ofNumber(Number(value), true)
  const trimmed = value.trim()
  const number = NUMBER.test(trimmed) ? Number(trimmed) : Number.NaN
  if (!Number.isInteger(number)) return { sizes: [LIST_LIMIT.default], refuse: true }
  // Another notation of an integer: read as it, refused, or (a parser of
  // digits only) not read at all, the default.
  const read = ofNumber(number, false)
  return { ...read, sizes: [...new Set([...read.sizes, LIST_LIMIT.default])] }
}

/** The readings of every `limit` given (a repeated one: any of them, or refused). */
function limitReadings(query: string): { sizes: Set<number>; refuse: boolean; open: boolean } {
  const sizes = new Set<number>()
  let refuse = false
  let open = false
  for (const values of queryValues(query, 'limit')) {
    if (values.length === 0) sizes.add(LIST_LIMIT.default)
    for (const value of values) {
      const reading = limitReading(value)
      for (const size of reading.sizes) sizes.add(size)
      refuse ||= reading.refuse || values.length > 1
      open ||= reading.open === true
    }
  }
  return { sizes, refuse, open }
}

/** The status filters a server may apply: one per enum value given; `none` for a value outside it (matches no pet). */
function statusReadings(query: string): { filters: Set<PetStatus>; none: boolean; given: boolean } {
  const filters = new Set<PetStatus>()
  let none = false
  let given = false
  for (const values of queryValues(query, 'status')) {
    for (const value of values) {
      given = true
      const status = PetStatus.safeParse(value)
      if (status.success) filters.add(status.data)
      else none = true
    }
  }
  return { filters, none, given }
}

/** An exact integer of the JSON value (its source text when it is beyond 2^53), or undefined. */
function int64Of(value: unknown): bigint | undefined {
  const integer =
    typeof value === 'bigint'
      ? value
      : typeof value === 'number' && Number.isSafeInteger(value)
        ? BigInt(value)
        : undefined
  return integer !== undefined && integer >= INT64.min && integer <= INT64.max ? integer : undefined
}

/**
 * The members of a JSON object text in order, duplicates kept, as
 * `[name, value text]`; undefined when the text is not one JSON object.
 *
 * @example
 * objectMembers('{"a":1,"a":2}') // [['a', '1'], ['a', '2']]
 */
export function objectMembers(text: string): Array<[string, string]> | undefined {
  const parsed = parseJsonBody(text)
  if (!parsed.ok || Object.prototype.toString.call(parsed.value) !== '[object Object]') {
    return undefined
  }
  const body = text.trim()
  const members: Array<[string, string]> = []
  let depth = 0
  let inString = false
  let start = 1
  for (let at = 0; at < body.length; at++) {
    const char = body[at]
    if (inString) {
      if (char === '\\') at++
      else if (char === '"') inString = false
      continue
    }
    if (char === '"') inString = true
    else if (char === '{' || char === '[') depth++
    else if (char === '}' || char === ']' || char === ',') {
      if (depth === 1 && char !== ']') {
        const member = body.slice(start, at).trim()
        if (member !== '') {
          const key = /^("(?:[^"\\]|\\.)*")\s*:/.exec(member)
          if (key?.[1]) members.push([JSON.parse(key[1]) as string, member.slice(key[0].length)])
        }
        start = at + 1
      }
      if (char !== ',') depth--
    }
  }
  return members
}

/** The NewPet readings of a body: the object a server builds when the first, or the last, of repeated names wins. */
function newPetReadings(
  text: string,
): { readings: Array<Record<string, unknown>>; duplicated: boolean } | undefined {
  const members = objectMembers(text)
  if (!members) return undefined
  const first: Record<string, unknown> = {}
  const last: Record<string, unknown> = {}
  const raw: Record<string, string> = {}
  for (const [name, value] of members) {
    const read = parseExactJson(value)
    if (!Object.hasOwn(first, name)) {
      Object.defineProperty(first, name, { value: read, enumerable: true, writable: true })
      raw[name] = value.trim()
    }
    Object.defineProperty(last, name, { value: read, enumerable: true, writable: true })
  }
  const duplicated = new Set(members.map(([name]) => name)).size !== members.length
  return { readings: duplicated ? [first, last] : [first], duplicated }
}

/** A NewPet read from an object, or why it is none (§2 NewPet). */
function asNewPet(
  body: Record<string, unknown>,
): { pet: Omit<ModelPet, 'id'>; extra: boolean } | { invalid: string } {
  if (typeof body.name !== 'string') return { invalid: 'name is not a string' }
  const categoryId = int64Of(body.categoryId)
  if (categoryId === undefined) return { invalid: 'categoryId is not an int64' }
  if (Object.hasOwn(body, 'status') && !PetStatus.safeParse(body.status).success) {
    return { invalid: 'status is not a PetStatus' }
  }
  const status = PetStatus.safeParse(body.status)
  const extra = Object.keys(body).some((key) => !['name', 'categoryId', 'status'].includes(key))
  return {
    pet: { name: body.name, categoryId, ...(status.success ? { status: status.data } : {}) },
    extra,
  }
}

/**
 * Why a Pet as shown disagrees with what the kit knows of it (a status left
 * out agrees): the rule the stateful phase holds its lists to (`petMismatch`).
 *
 * @example
 * petDisagreement({ id: 7n, name: 'Rex', categoryId: 2n }, { id: 7n, name: 'Rex', categoryId: 1n }) // 'pet 7: categoryId 2 instead of 1'
 */
export function petDisagreement(shown: ModelPet, known: ModelPet | undefined): string | undefined {
  const problem = known && petMismatch(shown, known)
  return problem ? `pet ${shown.id}: ${problem}` : undefined
}

function jsonBody(response: ModelResponse): { value: unknown } | { problem: string } {
  const label = parseMediaType(response.headers['content-type'] ?? '')
  if (!label || !isJsonMediaType(label)) {
    return {
      problem: `HTTP ${response.status} with Content-Type ${response.headers['content-type'] ?? '(none)'}`,
    }
  }
  const parsed = parseJsonBody(response.body)
  return parsed.ok
    ? { value: parsed.value }
    : { problem: `HTTP ${response.status}: the body is not JSON` }
}

function petOf(value: unknown): ModelPet | undefined {
  const parsed = ResponsePet.safeParse(value)
  return parsed.success ? (parsed.data as ModelPet) : undefined
}

/** Why a value is not a Pet, in the one describer's words (`` `id` is a string ("8"), expected… ``). */
function notAPet(value: unknown): string {
  const parsed = ResponsePet.safeParse(value)
  return parsed.success ? 'a Pet' : describeSchemaIssues(parsed.error.issues, value)
}

type Judge = (response: ModelResponse) => string | undefined

/** The Pet an answer of `status` carries, or what is wrong with the answer. */
function petAnswer(
  response: ModelResponse,
  status: number,
): { pet: ModelPet } | { problem: string } {
  if (response.status !== status) return { problem: `HTTP ${response.status}` }
  const body = jsonBody(response)
  if ('problem' in body) return { problem: body.problem }
  const pet = petOf(body.value)
  return pet ? { pet } : { problem: `the body is not a Pet: ${notAPet(body.value)}` }
}

/** A refusal: one of `statuses` with an Error body. */
const refusal =
  (statuses: Array<number>): Judge =>
  (response) =>
    statuses.includes(response.status)
      ? errorBodyProblemOf(response)
      : `HTTP ${response.status}, not ${statuses.join(' or ')}`

/** The first judge that accepts the response, or the problems of each. */
function anyOf(judges: Array<[string, Judge]>): { expected: string; problem: Judge } {
  return {
    expected: judges.map(([expected]) => expected).join('; or '),
    problem(response) {
      const problems = judges.map(([, judge]) => judge(response))
      return problems.includes(undefined) ? undefined : problems.filter(Boolean).join('; ')
    },
  }
}

function listJudge(query: string, state: ModelState): [string, Judge] {
  const limit = limitReadings(query)
  const status = statusReadings(query)
  const filterKey = status.given ? [...status.filters].join(',') : ''
  const total = status.none && status.filters.size === 0 ? 0 : state.listTotals?.get(filterKey)
  const sizes = [...limit.sizes]
  const pages = total === undefined ? undefined : sizes.map((size) => Math.min(size, total))
  const expected = `200 with a list of ${
    limit.open
      ? `at most ${LIST_LIMIT.max}`
      : pages
        ? pages.join(' or ')
        : `at most ${Math.max(...sizes)}`
  } pets${status.given ? ` of status ${[...status.filters].join(' or ') || '(none: the value is no PetStatus)'}` : ''}`
  return [
    expected,
    (response) => {
      if (response.status !== 200) return `HTTP ${response.status}`
      const body = jsonBody(response)
      if ('problem' in body) return body.problem
      if (!Array.isArray(body.value)) return 'the body is not an array'
      const length = body.value.length
      const fits = limit.open
        ? length <= LIST_LIMIT.max
        : pages
          ? pages.includes(length)
          : length <= Math.max(...sizes)
      if (!fits) return `a list of ${length} pets`
      for (const item of body.value) {
        const pet = petOf(item)
        if (!pet) return `an item is not a Pet: ${notAPet(item)}`
        const known = state.pets.get(pet.id)
        const disagreement = petDisagreement(pet, known)
        if (disagreement) return `the list says ${disagreement}`
        const shown = pet.status ?? known?.status
        if (status.given && (shown === undefined ? false : !status.filters.has(shown))) {
          return `pet ${pet.id} has status ${shown}`
        }
      }
      return undefined
    },
  ]
}

function getJudges(segment: string, state: ModelState): Array<[string, Judge]> {
  const refused: [string, Judge] = ['400 or 404 with an Error body', refusal([400, 404])]
  const normal = segment.replace(UNRESERVED, (triplet) => decode(triplet))
  const text = decode(segment)
  const canonical = CANONICAL_INTEGER.test(normal)
  // Digits alone (a sign, leading zeros) are read exactly; other notations through a double.
  const number = /^[+-]?\d+$/.test(text)
    ? BigInt(text)
    : NUMBER.test(text)
      ? Number(text)
      : Number.NaN
  const id =
    typeof number === 'bigint' ? number : Number.isSafeInteger(number) ? BigInt(number) : undefined
  if (id === undefined || id < INT64.min || id > INT64.max) return [refused]
  const known = state.pets.get(id)
  const found: [string, Judge] = [
    `200 with pet ${id}`,
    (response) => {
      const answer = petAnswer(response, 200)
      if ('problem' in answer) return answer.problem
      const { pet } = answer
      if (pet.id !== id) return `the Pet of id ${pet.id}, not ${id}`
      return petDisagreement(pet, known)
    },
  ]
  const answers: Array<[string, Judge]> = known
    ? [found]
    : state.unusedIds?.has(id)
      ? [['404 with an Error body', refusal([404])]]
      : [found, ['404 with an Error body', refusal([404])]]
  return canonical ? answers : [...answers, refused]
}

function createJudges(
  request: ModelRequest,
  state: ModelState,
): { judges: Array<[string, Judge]>; readings: Array<Omit<ModelPet, 'id'>> } {
  const refused: [string, Judge] = ['400 with an Error body', refusal([400])]
  const contentType = header(request.headers, 'content-type')
  const label = contentType === undefined ? undefined : parseMediaType(contentType)
  const json = label?.type === 'application' && label.subtype === 'json'
  const labelRefused: Array<[string, Judge]> = json
    ? []
    : [['415 or 400 with an Error body (not labelled application/json)', refusal([400, 415])]]
  const read = newPetReadings(request.body ?? '')
  const pets = (read?.readings ?? []).map(asNewPet)
  const valid = pets.flatMap((entry) => ('pet' in entry ? [entry] : []))
  if (valid.length === 0) return { judges: [refused], readings: [] }
  const open =
    read?.duplicated ||
    valid.length < pets.length ||
    valid.some(
      (entry) =>
        entry.extra ||
        !state.categoryIds.has(entry.pet.categoryId) ||
        !ORDINARY_NAME.test(entry.pet.name),
    )
  const created: [string, Judge] = [
    `201 with the Pet sent${valid.length > 1 ? ' (the first or the last of a repeated name)' : ''}`,
    (response) => {
      const answer = petAnswer(response, 201)
      if ('problem' in answer) return answer.problem
      const { pet } = answer
      const problems = valid.map(({ pet: sent }) =>
        petDisagreement({ ...pet, status: pet.status ?? sent.status }, { ...sent, id: pet.id }),
      )
      if (problems.includes(undefined)) {
        return state.pets.has(pet.id) ? `id ${pet.id} is an existing pet's` : undefined
      }
      return `the 201 says ${problems[0]}`
    },
  ]
  return {
    judges: [created, ...(open ? [refused] : []), ...labelRefused],
    readings: valid.map((entry) => entry.pet),
  }
}

/** The statuses of a redirect (RFC 9110 §15.4) a client follows by `Location`. */
const REDIRECTS = [301, 302, 303, 307, 308]

/** The data an operation answers (a page of pets or orders, empty too, or a Pet), read from a 2xx body. */
function carriesOperationData(operation: Answers['operation'], response: ModelResponse): boolean {
  if (response.status < 200 || response.status > 299) return false
  const parsed = parseJsonBody(response.body)
  if (!parsed.ok) return false
  const { value } = parsed
  if (operation === 'getPet' || operation === 'createPet')
    return ResponsePet.safeParse(value).success
  // An empty page is the operation's answer too ("none"), as a public page would not be.
  return (operation === 'listOrders' ? Orders : ResponsePets).safeParse(value).success
}

/**
 * What a spelling of a path that RFC 3986 makes another URI (a trailing or
 * doubled slash, another case: §6.2.2.1, §6.2.3) allows: the spec says
 * nothing of that resource, so any answer but a 5xx, except that without
 * the key it must not carry the operation's data (whatever path reaches an
 * operation is behind the key, §5).
 */
function otherUriJudges(
  credential: ModelCredential,
  operation: Answers['operation'],
): Array<[string, Judge]> {
  return [
    credential === 'valid'
      ? [
          'any status below 500 (another resource)',
          (response) => (response.status < 500 ? undefined : `HTTP ${response.status}`),
        ]
      : [
          "any status below 500 but the operation's data without the key (another resource)",
          (response) =>
            response.status >= 500
              ? `HTTP ${response.status}`
              : carriesOperationData(operation, response)
                ? `HTTP ${response.status} with the operation's data without the key`
                : undefined,
        ],
  ]
}

/**
 * What a spelling of an operation's path that RFC 3986 makes the same URI
 * allows (percent-encoded unreserved characters, dot segments: §6.2.2.2,
 * §6.2.2.3): the operation's own answers with the key, a refusal (a 4xx with
 * an Error body; 401 only without the key) or a redirect to the path the spec
 * writes; never a 5xx, and never a 2xx without the key: whatever spelling
 * reaches an operation is behind the key (§5). A spelling that makes another
 * URI is judged by `otherUriJudges`.
 */
function spellingJudges(
  credential: ModelCredential,
  operationJudges: Array<[string, Judge]>,
  base: string | undefined,
  canonical: string,
): Array<[string, Judge]> {
  const refused: [string, Judge] =
    credential === 'valid'
      ? [
          'a 4xx other than 401 with an Error body',
          (response) =>
            response.status >= 400 && response.status < 500 && response.status !== 401
              ? errorBodyProblemOf(response)
              : `HTTP ${response.status}`,
        ]
      : [
          'a 4xx with an Error body, a 401 with the Bearer challenge (no 2xx without the key)',
          (response) =>
            response.status >= 400 && response.status < 500
              ? (errorBodyProblemOf(response) ??
                (response.status === 401
                  ? bearerChallengeProblem(response.headers['www-authenticate'])
                  : undefined))
              : `HTTP ${response.status}${response.status < 300 ? ' without the key' : ''}`,
        ]
  const target = `${base ?? ''}${canonical}`
  const redirect: [string, Judge] = [
    `a redirect (${REDIRECTS.join(', ')}) to ${target}`,
    (response) => {
      if (!REDIRECTS.includes(response.status)) return 'no redirect'
      const location = response.headers.location
      if (location === undefined) return `HTTP ${response.status} without Location`
      let resolved: URL
      try {
        resolved = new URL(location, `http://server${target}`)
      } catch {
        return `HTTP ${response.status} to a Location that is no URI (${location})`
      }
      const same =
        base === undefined ? resolved.pathname.endsWith(target) : resolved.pathname === target
      return same ? undefined : `HTTP ${response.status} to ${resolved.pathname}, not ${target}`
    },
  ]
  return [...(credential === 'valid' ? operationJudges : []), refused, redirect]
}

/**
 * The answers the spec (and HTTP under it) allows for any request, and the
 * state each leaves. Every operation needs the key (§5) and checks it first;
 * a 429 with an Error body is allowed anywhere (§7, §8); headers a proxy in
 * front would read (`X-HTTP-Method-Override`, `X-Original-URL`,
 * `X-Forwarded-For`, ...) change nothing: the method and the target decide.
 * An `Accept` that admits no JSON may also be answered 406.
 *
 * @example
 * answersOf({ method: 'GET', target: '/pets?limit=5abc', headers: { authorization: 'Bearer sk' } }, state).expected
 */
export function answersOf(request: ModelRequest, state: ModelState): Answers {
  const credential = credentialOf(request.headers, state.token)
  const at = request.target.indexOf('?')
  const written = at < 0 ? request.target : request.target.slice(0, at)
  const query = at < 0 ? '' : request.target.slice(at + 1)
  // Another spelling of an operation's path is judged as that operation, with what the spelling allows more.
  const spelled = pathSpelling(written)
  const path = spelled?.path ?? written
  const spelling = spelled?.kinds ?? []
  const segment = /^\/pets\/([^/]+)$/.exec(path)?.[1]
  const operation: Answers['operation'] =
    request.method === 'GET' && path === '/pets'
      ? 'listPets'
      : request.method === 'POST' && path === '/pets'
        ? 'createPet'
        : request.method === 'GET' && segment !== undefined
          ? 'getPet'
          : request.method === 'GET' && path === '/store/orders'
            ? 'listOrders'
            : 'other'
  const tooMany: [string, Judge] = ['429 with an Error body', refusal([429])]
  const unauthorized: [string, Judge] = ['401 with an Error body', refusal([401])]
  let judges: Array<[string, Judge]>
  let readings: Array<Omit<ModelPet, 'id'>> = []
  if (operation === 'other') {
    judges = [
      [
        'any status below 500',
        (response) => (response.status < 500 ? undefined : `HTTP ${response.status}`),
      ],
    ]
  } else if (credential !== 'valid') {
    judges = [unauthorized]
  } else if (operation === 'listOrders') {
    judges = [
      [
        'any status below 500 but 401',
        (response) =>
          response.status < 500 && response.status !== 401 ? undefined : `HTTP ${response.status}`,
      ],
    ]
  } else if (operation === 'listPets') {
    const limit = limitReadings(query)
    const status = statusReadings(query)
    judges = [listJudge(query, state)]
    if (
      limit.refuse ||
      limit.open ||
      status.none ||
      queryValues(query, 'status').some((values) => values.length > 1)
    ) {
      judges.push(['400 or 422 with an Error body', refusal([400, 422])])
    }
  } else if (operation === 'getPet') {
    judges = getJudges(segment ?? '', state)
  } else {
    ;({ judges, readings } = createJudges(request, state))
  }
  if (spelling.length > 0 && operation !== 'other') {
    judges = spelling.every((kind) => SAME_URI.has(kind))
      ? spellingJudges(credential, judges, request.base, path)
      : otherUriJudges(credential, operation)
  }
  if (!acceptsJson(header(request.headers, 'accept')) && operation !== 'other') {
    judges = [
      ...judges,
      [
        '406 (no JSON acceptable)',
        (response) => (response.status === 406 ? undefined : `HTTP ${response.status}`),
      ],
    ]
  }
  const allowed = anyOf(judges)
  const expected = `${allowed.expected}; or ${tooMany[0]}`
  // A 429 is allowed anywhere; its problem is told only for a 429.
  const problem: Judge = (response) =>
    response.status === 429 ? tooMany[1](response) : allowed.problem(response)
  return {
    operation,
    credential,
    spelling,
    expected,
    problem,
    after(response) {
      const counted = credential === 'valid'
      if (operation !== 'createPet' || response.status !== 201 || problem(response) !== undefined) {
        return { counted }
      }
      const body = parseJsonBody(response.body)
      const pet = body.ok ? petOf(body.value) : undefined
      if (!pet) return { counted }
      const sent = readings.find((reading) => reading.name === pet.name) ?? readings[0]
      return { counted, created: { ...pet, status: pet.status ?? sent?.status } }
    },
  }
}
