import { z } from 'zod'
import { parseInt64 } from '../spec/int64.ts'
import { LIST_LIMIT } from '../spec/limits.ts'
import { PetStatus } from '../spec/pet-status.ts'
import { countOf } from '../utils/count-of.ts'
import { isPlainObject } from '../utils/is-plain-object.ts'
import type {
  ExchangeJudgement,
  ExchangeRule,
  RuleRequest,
  RuleResponse,
} from './check-definition.ts'
import {
  BODY_EXCERPT_AFTER_WORDS,
  describeHttpResponse,
  describeItemsIssues,
  describeSchemaIssues,
  type SchemaIssue,
} from './describe-response.ts'
import { stringifyExact } from './exact-json.ts'
import { parseJsonBody } from './parse-json-body.ts'
import { errorBodyProblemOf } from './response-rules.ts'
import { ExactInt64, ResponsePet, type SentPet } from './response-schemas.ts'

export type {
  ExchangeJudgement,
  ExchangeRule,
  RuleRequest,
  RuleResponse,
} from './check-definition.ts'

/**
 * A value as exact JSON for messages: int64 ids in full.
 *
 * @example
 * show({ id: 9007199254740993n }) // '{"id":9007199254740993}'
 */
export const show = (value: unknown): string => stringifyExact(value)

const describe = (response: RuleResponse) => describeHttpResponse(response.status, response.body)

/**
 * The wrong fields of a failed schema parse of `input`, each said once in
 * words (`describeSchemaIssues`).
 *
 * @example
 * issuesOf(ResponsePet.safeParse({ id: '8' }).error, { id: '8' }) // '`id` is a string ("8"), expected an int64 integer; `name` is missing, ...'
 */
export function issuesOf(error: { issues: ReadonlyArray<SchemaIssue> }, input: unknown): string {
  return describeSchemaIssues(error.issues, input)
}

/** A response shown short, after its wrong fields were said in words. */
const excerpt = (response: RuleResponse) =>
  describeHttpResponse(response.status, response.body, BODY_EXCERPT_AFTER_WORDS)

/**
 * A response whose status is not the one a rule expects: a problem, unless
 * the request is not known to be authorized and the status is one any
 * request may get (401 and 429: the key and the plan are the caller's; a
 * 5xx is `server.no-5xx`'s) — then the rule decides nothing.
 */
function unexpectedStatus(request: RuleRequest, response: RuleResponse, expected: string) {
  const anyRequestMayGet =
    response.status === 401 || response.status === 429 || response.status >= 500
  return !request.authorized && anyRequestMayGet
    ? undefined
    : { expected, problem: describe(response) }
}

/**
 * The most items of one list whose Pets are read (one more than a valid page
 * holds): a longer list breaks `list.max-items` whatever the rest holds, and
 * reading each item costs time, so a huge answer is judged in bounded time.
 */
const READ_ITEMS = LIST_LIMIT.max + 1

/** Each response's page, read once for all the rules that judge it. */
const PAGES = new WeakMap<RuleResponse, ReturnType<typeof readPage>>()

/**
 * The items of a 200 whose body is a JSON array, valid Pets or not, the
 * valid ones read as Pets and what is wrong with the others (of the first
 * `LIST_LIMIT.max + 1` items: a longer list breaks `list.max-items`);
 * `undefined` for another status or another body. Read once per response.
 *
 * @example
 * readListPage({ status: 200, body: '[{"id":1,"name":"Rex","categoryId":1}]' })?.pets[0]?.id // 1n
 */
export function readListPage(response: RuleResponse):
  | {
      items: Array<Record<string, unknown>>
      pets: Array<ResponsePet>
      problems: Array<string>
      /** The items that are not valid Pets, with what is wrong with each. */
      invalid: Array<{ issues: ReadonlyArray<SchemaIssue>; input: unknown }>
    }
  | undefined {
  if (PAGES.has(response)) return PAGES.get(response)
  const page = readPage(response)
  PAGES.set(response, page)
  return page
}

function readPage(response: RuleResponse) {
  if (response.status !== 200 || response.truncated) {
    return undefined
  }
  const json = parseJsonBody(response.body)
  if (!json.ok || !Array.isArray(json.value)) {
    return undefined
  }
  const items = json.value as Array<Record<string, unknown>>
  const pets: Array<ResponsePet> = []
  const problems: Array<string> = []
  const invalid: Array<{ issues: ReadonlyArray<SchemaIssue>; input: unknown }> = []
  items.slice(0, READ_ITEMS).forEach((item, index) => {
    const parsed = ResponsePet.safeParse(item)
    if (parsed.success) {
      pets.push(parsed.data)
    } else {
      problems.push(`[${index}] ${issuesOf(parsed.error, item)}`)
      invalid.push({ issues: parsed.error.issues, input: item })
    }
  })
  return { items, pets, problems, invalid }
}

/**
 * `list.schema`: a 200 of `listPets` is a JSON array of valid Pets (exact
 * int64 ids and category ids, a string name, an optional PetStatus; further
 * fields allowed).
 *
 * @example
 * listSchema(request, { status: 200, body: '{}' })?.problem // 'not a JSON array: HTTP 200 {}'
 */
export const listSchema: ExchangeRule = (_request, response) => {
  if (response.status !== 200 || response.truncated) {
    return undefined
  }
  const page = readListPage(response)
  if (!page) {
    return { expected: 'a JSON array of Pet', problem: `not a JSON array: ${describe(response)}` }
  }
  return {
    expected:
      'a JSON array of Pet { id: int64, name: string, categoryId: int64, status?: PetStatus }',
    problem: page.invalid.length
      ? `${describeItemsIssues(page.invalid, page.items.length, 'pet')}: ${excerpt(response)}`
      : undefined,
  }
}

/**
 * `list.max-items`: no 200 list holds more than `LIST_LIMIT.max` pets,
 * whatever the query says.
 *
 * @example
 * listMaxItems(request, { status: 200, body: JSON.stringify(Array(101).fill({})) })?.problem // '101 pets'
 */
export const listMaxItems: ExchangeRule = (_request, response) => {
  const page = readListPage(response)
  return (
    page && {
      expected: `at most ${LIST_LIMIT.max} pets`,
      problem: page.items.length > LIST_LIMIT.max ? `${page.items.length} pets` : undefined,
    }
  )
}

/** `limit` as the spec allows it (1..100 in decimal digits); `null` when absent, `undefined` when invalid. */
function limitOf(query: URLSearchParams): number | null | undefined {
  const text = query.get('limit')
  if (text === null) {
    return null
  }
  const limit = /^\d{1,4}$/.test(text) ? Number(text) : Number.NaN
  return limit >= LIST_LIMIT.min && limit <= LIST_LIMIT.max ? limit : undefined
}

/** `status` as the spec allows it; `null` when absent, `undefined` when not a PetStatus. */
function statusFilterOf(query: URLSearchParams): PetStatus | null | undefined {
  const text = query.get('status')
  if (text === null) {
    return null
  }
  const parsed = PetStatus.safeParse(text)
  return parsed.success ? parsed.data : undefined
}

/** A list page of at most `max` pets, for a valid query; a 200 that is no array is `list.schema`'s. */
function pageOfAtMost(
  request: RuleRequest,
  response: RuleResponse,
  max: number,
): ExchangeJudgement {
  const expected = `200 with at most ${countOf(max, 'pet')}`
  if (response.status !== 200) {
    return unexpectedStatus(request, response, expected)
  }
  const page = readListPage(response)
  return (
    page && {
      expected,
      problem: page.items.length > max ? countOf(page.items.length, 'pet') : undefined,
    }
  )
}

/**
 * `list.default-limit`: a valid `listPets` without `limit` (with or without
 * a valid `status`) answers 200 with at most `LIST_LIMIT.default` pets.
 *
 * @example
 * listDefaultLimit({ pathParams: {}, query: new URLSearchParams() }, { status: 200, body: '[]' }) // { expected: '200 with at most 20 pets', problem: undefined }
 */
export const listDefaultLimit: ExchangeRule = (request, response) =>
  limitOf(request.query) === null && statusFilterOf(request.query) !== undefined
    ? pageOfAtMost(request, response, LIST_LIMIT.default)
    : undefined

/**
 * `list.limit`: a valid `listPets` with `limit` N (1..100, with or without
 * a valid `status`) answers 200 with at most N pets.
 *
 * @example
 * listLimit({ pathParams: {}, query: new URLSearchParams('limit=1') }, { status: 200, body: '[{},{}]' })?.problem // '2 pets'
 */
export const listLimit: ExchangeRule = (request, response) => {
  const limit = limitOf(request.query)
  return typeof limit === 'number' && statusFilterOf(request.query) !== undefined
    ? pageOfAtMost(request, response, limit)
    : undefined
}

/**
 * `list.status-filter`: a valid `listPets` with `status` X answers 200 and
 * every item has status X.
 *
 * @example
 * listStatusFilter({ pathParams: {}, query: new URLSearchParams('status=sold') }, { status: 200, body: '[{"status":"pending"}]' })?.problem // '1 of 1 pet with another status, e.g. {"status":"pending"}'
 */
export const listStatusFilter: ExchangeRule = (request, response) => {
  const status = statusFilterOf(request.query)
  if (!status || limitOf(request.query) === undefined) {
    return undefined
  }
  const expected = `200 and only pets with status "${status}"`
  if (response.status !== 200) {
    return unexpectedStatus(request, response, expected)
  }
  const page = readListPage(response)
  // `status` is optional in a Pet (§2): a pet shown without it is not judged here
  // (the kit judges it by the status it created the pet with).
  const others =
    page?.items.filter((pet) => pet?.status !== undefined && pet?.status !== status) ?? []
  return (
    page && {
      expected,
      problem:
        others.length > 0
          ? `${others.length} of ${countOf(page.items.length, 'pet')} with another status, e.g. ${show(others[0])}`
          : undefined,
    }
  )
}

/**
 * A request the spec does not allow answered as the kit accepts: a 4xx
 * with an Error body, or (for `limit`) a 200 clamped to at most `clampedTo`
 * pets. A request not known to be authorized leaves 401, 429 and 5xx to
 * the other rules.
 */
function refusedOrClamped(
  request: RuleRequest,
  response: RuleResponse,
  why: string,
  clampedTo?: number,
): ExchangeJudgement {
  const { status } = response
  const expected = `4xx with an Error body${clampedTo === undefined ? '' : ` or 200 clamped to at most ${countOf(clampedTo, 'pet')}`} (${why})`
  const refused = status >= 400 && status < 500
  if (!request.authorized && (status === 401 || status === 429 || status >= 500)) {
    return undefined
  }
  const clamped =
    clampedTo !== undefined &&
    status === 200 &&
    (readListPage(response)?.items.length ?? 0) <= clampedTo
  return {
    expected,
    problem: clamped
      ? undefined
      : !refused
        ? `${describe(response)} (${why})`
        : errorBodyProblemOf({ status, headers: response.headers ?? {}, body: response.body }),
  }
}

/**
 * `list.invalid-limit` (advisory): a `listPets` whose `limit` is not 1..100
 * answers 4xx with an Error body, or 200 clamped (below 1 to 1, above 100
 * to 100, not a number to the default 20).
 *
 * @example
 * listInvalidLimit({ pathParams: {}, query: new URLSearchParams('limit=0') }, { status: 200, body: '[{},{}]' })?.problem // 'HTTP 200 [{},{}] (limit=0)'
 */
export const listInvalidLimit: ExchangeRule = (request, response) => {
  const text = request.query.get('limit')
  if (text === null || limitOf(request.query) !== undefined) {
    return undefined
  }
  const clampedTo = /^-?\d+$/.test(text)
    ? Math.min(LIST_LIMIT.max, Math.max(LIST_LIMIT.min, Number(text)))
    : LIST_LIMIT.default
  return refusedOrClamped(request, response, `limit=${text}`, clampedTo)
}

/**
 * `list.invalid-status` (advisory): a `listPets` whose `status` is not a
 * PetStatus answers 4xx with an Error body.
 *
 * @example
 * listInvalidStatus({ pathParams: {}, query: new URLSearchParams('status=adopted') }, { status: 200, body: '[]' })?.problem // 'HTTP 200 [] (status=adopted)'
 */
export const listInvalidStatus: ExchangeRule = (request, response) =>
  statusFilterOf(request.query) === undefined
    ? refusedOrClamped(request, response, `status=${request.query.get('status')}`)
    : undefined

/**
 * `get.invalid-id` (advisory): a `getPet` whose `petId` is not an integer
 * answers 4xx with an Error body.
 *
 * @example
 * getInvalidId({ pathParams: { petId: 'abc' }, query: new URLSearchParams() }, { status: 200, body: '{}' })?.problem // 'HTTP 200 {} (petId=abc)'
 */
export const getInvalidId: ExchangeRule = (request, response) => {
  const petId = request.pathParams.petId ?? ''
  return /^-?\d+$/.test(petId) ? undefined : refusedOrClamped(request, response, `petId=${petId}`)
}

/**
 * Whether two names are the same name: equal, or equal once both are in
 * Unicode NFC (canonically equivalent, as Unicode reads them). A server may
 * store text normalised (a database or ORM that normalises to NFC); it may
 * not change a name in any other way.
 *
 * @example
 * sameName('e\u0301', '\u00e9') // true
 */
export function sameName(a: string, b: string): boolean {
  return a === b || a.normalize('NFC') === b.normalize('NFC')
}

/**
 * How a returned pet differs from what was sent (`name`, `categoryId`,
 * `status` when sent), compared exactly (names as `same` reads them:
 * {@link sameName} unless told), or `undefined`.
 *
 * @example
 * petMismatch({ id: 1n, name: 'a', categoryId: 1n }, { name: 'b', categoryId: 1n }) // 'name "a" instead of "b"'
 */
export function petMismatch(
  pet: ResponsePet,
  sent: SentPet,
  same: (a: string, b: string) => boolean = sameName,
): string | undefined {
  const mismatches: Array<string> = []
  if (!same(pet.name, sent.name)) {
    const shown = (name: string) =>
      name.length > 60 ? `${show(name.slice(0, 60))}... (${name.length} characters)` : show(name)
    mismatches.push(`name ${shown(pet.name)} instead of ${shown(sent.name)}`)
  }
  if (pet.categoryId !== sent.categoryId) {
    mismatches.push(`categoryId ${pet.categoryId} instead of ${sent.categoryId}`)
  }
  // `status` is optional in a Pet (§2): only a status shown must be the one sent.
  if (sent.status !== undefined && pet.status !== undefined && pet.status !== sent.status) {
    mismatches.push(`status ${show(pet.status)} instead of "${sent.status}"`)
  }
  return mismatches.length ? mismatches.join('; ') : undefined
}

/**
 * What a create answered for a NewPet sent: the created Pet when the
 * response is a 201 with a valid one, and why it is not a 201 Pet echoing
 * what was sent (ids and category ids compared exactly), or no problem.
 *
 * @example
 * const { pet, problem } = createdPet({ status: 201, body: '{"id":1,"name":"Rex","categoryId":1}' }, { name: 'Rex', categoryId: 1n })
 */
export function createdPet(
  response: RuleResponse,
  sent: SentPet,
): { pet?: ResponsePet; problem?: string } {
  if (response.status !== 201) {
    return { problem: describe(response) }
  }
  const json = parseJsonBody(response.body)
  const parsed = json.ok ? ResponsePet.safeParse(json.value) : undefined
  if (!parsed?.success) {
    return {
      problem: parsed
        ? `not a Pet: ${issuesOf(parsed.error, json.ok ? json.value : undefined)}: ${excerpt(response)}`
        : `not JSON: ${describe(response)}`,
    }
  }
  const problem = petMismatch(parsed.data, sent)
  return { pet: parsed.data, ...(problem ? { problem } : {}) }
}

/** A NewPet as sent: `name`, `categoryId` an exact int64, `status` a PetStatus when present. */
const SentNewPet = z.object({
  name: z.string(),
  categoryId: ExactInt64,
  status: PetStatus.optional(),
})

/**
 * `create.valid`: a `createPet` whose body is a valid NewPet answers 201
 * with a Pet echoing `name`, `categoryId` and (when sent) `status` exactly.
 * Applies only when the body sent is a NewPet.
 *
 * @example
 * createValid({ pathParams: {}, query: new URLSearchParams(), body: '{"name":"Rex","categoryId":1}' }, { status: 201, body: '{"id":1,"name":"Re","categoryId":1}' })?.problem // 'name "Re" instead of "Rex"'
 */
export const createValid: ExchangeRule = (request, response) => {
  const json = request.body === undefined ? undefined : parseJsonBody(request.body)
  const sent = json?.ok ? SentNewPet.safeParse(json.value) : undefined
  if (!sent?.success || response.truncated) {
    return undefined
  }
  const body: SentPet = { name: sent.data.name, categoryId: sent.data.categoryId }
  if (sent.data.status !== undefined) {
    body.status = sent.data.status
  }
  const expected = `201 with a Pet echoing ${show(body)}`
  if (response.status !== 201) {
    // A valid NewPet may still be refused for what the spec leaves open (a category that does not exist).
    return response.status === 400 && !request.authorized
      ? undefined
      : unexpectedStatus(request, response, expected)
  }
  return { expected, problem: createdPet(response, body).problem }
}

/**
 * `get.valid`: `getPet` of an int64 id answers 200 with a valid Pet of that
 * id (or, not known to exist, 404).
 *
 * @example
 * getValid({ pathParams: { petId: '7' }, query: new URLSearchParams() }, { status: 200, body: '{"id":8,"name":"Rex","categoryId":1}' })?.problem // 'a Pet of id 8'
 */
export const getValid: ExchangeRule = (request, response) => {
  const id = parseInt64(request.pathParams.petId ?? '')
  if (id === undefined || response.truncated) {
    return undefined
  }
  const expected = `200 with a Pet of id ${id}`
  if (response.status !== 200) {
    return response.status === 404 && !request.authorized
      ? undefined
      : unexpectedStatus(request, response, expected)
  }
  const json = parseJsonBody(response.body)
  const pet = json.ok ? ResponsePet.safeParse(json.value) : undefined
  return {
    expected,
    problem: !pet?.success
      ? pet
        ? `not a Pet: ${issuesOf(pet.error, json.ok ? json.value : undefined)}: ${excerpt(response)}`
        : `not a Pet: ${describe(response)}`
      : pet.data.id !== id
        ? `a Pet of id ${pet.data.id}`
        : undefined,
  }
}

/**
/**
 * The kit's check a credential breaks whatever the key, or `undefined` when
 * it is a bearer token (whose key only the server knows): none
 * (`auth.no-header`), another scheme (`auth.non-bearer`), `Bearer` without
 * a token (`auth.empty-token`). The scheme is case-insensitive (RFC 9110
 * §11.1); a header read without its trailing space leaves `Bearer` alone.
 *
 * @example
 * credentialCheckOf('Basic sk_ref') // 'auth.non-bearer'
 */
export function credentialCheckOf(
  authorization: string | undefined,
): 'auth.no-header' | 'auth.non-bearer' | 'auth.empty-token' | undefined {
  const header = authorization?.trim() ?? ''
  if (header === '') {
    return 'auth.no-header'
  }
  const [scheme = '', ...token] = header.split(/\s+/)
  if (scheme.toLowerCase() !== 'bearer') {
    return 'auth.non-bearer'
  }
  return token.length === 0 ? 'auth.empty-token' : undefined
}

/**
 * Whether a request whose credential the spec refuses whatever the key
 * (`credentialCheckOf`) was answered 401; `undefined` for any other
 * credential. Only the status is judged here: the Error body is the
 * `error.body` check's.
 *
 * @example
 * refusedCredential(undefined, { status: 200, body: '[]' })?.problem // 'HTTP 200 [] (no Authorization)'
 */
export function refusedCredential(
  authorization: string | undefined,
  response: RuleResponse,
): ExchangeJudgement {
  if (credentialCheckOf(authorization) === undefined) {
    return undefined
  }
  const why =
    authorization === undefined
      ? 'no Authorization'
      : `Authorization: ${authorization.split(/\s/)[0]}`
  return {
    expected: `401 with an Error body (${why})`,
    problem: response.status === 401 ? undefined : `${describe(response)} (${why})`,
  }
}

/** What each `create.reject-*` check says of the body, in messages. */
const REJECT_REASONS = {
  'create.reject-missing-body': 'no body',
  'create.reject-malformed-json': 'not JSON',
  'create.reject-invalid-name': 'name missing or not a string',
  'create.reject-invalid-category-id': 'categoryId missing or not an int64',
  'create.reject-invalid-status': 'status not a PetStatus',
} as const

/**
 * The id of a `create.reject-*` check: a body the spec refuses, by what is
 * wrong with it.
 *
 * @example
 * const id: RejectCheckId = 'create.reject-missing-body'
 */
export type RejectCheckId = keyof typeof REJECT_REASONS

/**
 * The kit's `create.reject-*` check a `createPet` body breaks, or
 * `undefined` for a NewPet: no body, not JSON, `name` missing or not a
 * string (a body that is no object has none), `categoryId` missing or not an
 * exact int64, `status` not a PetStatus.
 *
 * @example
 * rejectCheckOf('{"name":"Rex"}') // 'create.reject-invalid-category-id'
 */
export function rejectCheckOf(body: string | undefined): RejectCheckId | undefined {
  if (body === undefined || body === '') {
    return 'create.reject-missing-body'
  }
  const json = parseJsonBody(body)
  if (!json.ok) {
    return 'create.reject-malformed-json'
  }
  return newPetRejection(json.value)
}

/**
 * What in a parsed body breaks the spec's NewPet (§2), as the
 * `create.reject-*` check it breaks, or `undefined` for a NewPet: the one
 * reading of a NewPet for the kit and for the proxy's judge of requests.
 * Only what the spec states: a non-blank or short `name` is the mock's
 * choice, not the spec's.
 *
 * @example
 * newPetRejection({ name: 'Rex', categoryId: 1 }) // undefined
 * newPetRejection({ name: 'Rex', categoryId: '1' }) // 'create.reject-invalid-category-id'
 */
export function newPetRejection(value: unknown): RejectCheckId | undefined {
  const pet: Record<string, unknown> = isPlainObject(value) ? value : {}
  if (typeof pet.name !== 'string') {
    return 'create.reject-invalid-name'
  }
  if (!ExactInt64.safeParse(pet.categoryId).success) {
    return 'create.reject-invalid-category-id'
  }
  if (Object.hasOwn(pet, 'status') && !PetStatus.safeParse(pet.status).success) {
    return 'create.reject-invalid-status'
  }
  return undefined
}

/**
 * Why a `create.reject-*` check's body is not a NewPet, in words.
 *
 * @example
 * rejectReason('create.reject-invalid-status') // 'status not a PetStatus'
 */
export function rejectReason(check: RejectCheckId): string {
  return REJECT_REASONS[check]
}

/**
 * A `createPet` whose body is not a NewPet (`rejectCheckOf`) is refused with
 * 400: a 2xx breaks the rule (other refusals are the other rules').
 *
 * @example
 * rejectedNewPet({ pathParams: {}, query: new URLSearchParams(), body: '{' }, { status: 201, body: '{}' })?.problem // 'HTTP 201 {} (not JSON)'
 */
export const rejectedNewPet: ExchangeRule = (request, response) => {
  const check = rejectCheckOf(request.body)
  if (check === undefined) {
    return undefined
  }
  const why = REJECT_REASONS[check]
  return {
    expected: `400 (${why})`,
    problem:
      response.status >= 200 && response.status < 300
        ? `${describe(response)} (${why})`
        : undefined,
  }
}
