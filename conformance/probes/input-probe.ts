import { stringifyExact } from '../../src/judge/exact-json.ts'
import { kitPath } from '../model/kit-routes.ts'
import { describeResponse } from '../model/result-collector.ts'
import type { CheckOperation } from '../model/types.ts'
import { knownCategoryId, type Probe, type ProbeContext } from './probe-context.ts'

/**
 * What a server may answer to a malformed input:
 * `reject`: 400 (the body breaks a rule §4.2 states);
 * `client`: any 4xx (the input can name nothing that exists);
 * `open`: 2xx or 4xx (the spec leaves it open, e.g. an unknown query parameter).
 */
type Allowed = 'reject' | 'client' | 'open'

interface MalformedCase {
  operation: CheckOperation<'input.malformed'>
  method: 'GET' | 'POST'
  path: string
  body?: string
  contentType?: string
  why: string
  allowed: Allowed
}

const DEPTH = 2000

/**
 * A body limit real stacks ship with (Fastify's `bodyLimit`, nginx's
 * `client_max_body_size`: 1 MiB): the kit sends bodies of exactly this size
 * and one byte more.
 */
const COMMON_BODY_LIMIT = 1024 * 1024

/**
 * A body of `size` bytes that is a valid NewPet up to its last byte: the JSON
 * object, spaces, then a stray `x`, so that it is not JSON as a whole. A
 * server that reads only a prefix of it (a reader that stops keeping chunks at
 * its limit and parses what it kept) creates a pet from a body it was not
 * sent.
 */
function validButTheLastByte(pet: string, size: number): string {
  return `${pet}${' '.repeat(size - pet.length - 1)}x`
}

const ALLOWED: Record<Allowed, { text: string; ok: (status: number) => boolean }> = {
  reject: { text: '400', ok: (status) => status === 400 },
  client: { text: 'a 4xx', ok: (status) => status >= 400 && status < 500 },
  open: {
    text: '2xx or 4xx',
    ok: (status) => (status >= 200 && status < 300) || (status >= 400 && status < 500),
  },
}

/** The malformed inputs, one per position and kind. */
function cases(context: ProbeContext): Array<MalformedCase> {
  const categoryId = knownCategoryId(context) ?? 1n
  const name = `${context.namePrefix}input`
  const list = (query: string, why: string): MalformedCase => ({
    operation: 'listPets',
    method: 'GET',
    path: kitPath('listPets', {}, query),
    why,
    allowed: 'open',
  })
  const get = (id: string, why: string, allowed: Allowed = 'client'): MalformedCase => ({
    operation: 'getPet',
    method: 'GET',
    path: kitPath('getPet', { petId: id }),
    why,
    allowed,
  })
  const post = (body: string, why: string, allowed: Allowed, contentType?: string) => ({
    operation: 'createPet' as const,
    method: 'POST' as const,
    path: kitPath('createPet'),
    body,
    why,
    allowed,
    ...(contentType === undefined ? {} : { contentType }),
  })
  const withField = (field: string, raw: string) =>
    stringifyExact({ name, categoryId, [field]: '@@RAW@@' }).replace('"@@RAW@@"', raw)
  const nested = `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`
  return [
    list('limit=-1', 'limit negative'),
    list('limit=1.5', 'limit a fraction'),
    list('limit=99999999999999999999', 'limit beyond int64'),
    list('limit=', 'limit empty'),
    list('limit=1&limit=2', 'limit twice'),
    list('status=', 'status empty'),
    list('status=AVAILABLE', 'status in capitals'),
    list('status=available,sold', 'two statuses in one value'),
    list('status=%00', 'status a NUL byte'),
    list('unknown=1', 'an unknown parameter'),
    get('-1', 'a negative id', 'open'),
    get('9223372036854775807', 'the largest int64', 'open'),
    get('9223372036854775808', 'an id beyond int64'),
    get('-9223372036854775809', 'an id below int64'),
    get('99999999999999999999999999999999', 'an id of 32 digits'),
    get('1.5', 'a fractional id'),
    get('0x10', 'a hexadecimal id'),
    get('%20', 'a blank id'),
    post(withField('name', '[]'), 'name an array', 'reject'),
    post(withField('name', '{}'), 'name an object', 'reject'),
    post(withField('name', 'true'), 'name a boolean', 'reject'),
    post(withField('name', '""'), 'name empty', 'open'),
    post(withField('name', '"   "'), 'name only spaces', 'open'),
    post(withField('categoryId', '"1"'), 'categoryId the string "1"', 'reject'),
    post(withField('categoryId', 'true'), 'categoryId a boolean', 'reject'),
    post(withField('categoryId', 'null'), 'categoryId null', 'reject'),
    post(withField('categoryId', '1e400'), 'categoryId 1e400', 'reject'),
    post(withField('categoryId', '-9223372036854775809'), 'categoryId below int64', 'reject'),
    post(withField('categoryId', '9223372036854775807'), 'categoryId the largest int64', 'open'),
    post(withField('categoryId', '-9223372036854775808'), 'categoryId the smallest int64', 'open'),
    post(withField('status', 'null'), 'status null', 'reject'),
    post(withField('status', '["available"]'), 'status an array', 'reject'),
    post(withField('status', '"Available"'), 'status capitalised', 'reject'),
    post(withField('id', '1'), 'an extra property `id`', 'open'),
    post(withField('__proto__', '{"status":"sold"}'), 'an extra property `__proto__`', 'open'),
    post(withField('name', nested), `name nested ${DEPTH} arrays deep`, 'reject'),
    post(nested, `a body nested ${DEPTH} arrays deep`, 'reject'),
    // Refused as invalid (400) or as too large (413): never a pet made of a prefix.
    ...[COMMON_BODY_LIMIT, COMMON_BODY_LIMIT + 1].map((size) =>
      post(
        validButTheLastByte(stringifyExact({ name, categoryId }), size),
        `a ${size}-byte body that is a valid NewPet but for a stray last byte`,
        'client',
      ),
    ),
    post(
      stringifyExact({ name, categoryId }),
      'a JSON body labelled text/plain',
      'open',
      'text/plain',
    ),
    post(
      `name=${encodeURIComponent(name)}&categoryId=${categoryId}`,
      'a form-encoded body',
      'client',
      'application/x-www-form-urlencoded',
    ),
  ]
}

/**
 * Malformed input in every position: each query parameter, the path id,
 * each body field (wrong JSON types, look-alike values, int64 extremes,
 * extra properties, deep nesting, a 1 MiB body invalid only in its last
 * byte) and non-JSON content types. A stated rule
 * broken is a 4xx (400 for an invalid body), an open point is 2xx or 4xx,
 * and never a 5xx; the response checks add the Error body and headers.
 *
 * @example
 * await inputProbe.run(context)
 */
export const inputProbe: Probe = {
  name: 'malformed input',
  needs: ['pets listed'],
  checks: ['input.malformed'],
  async run(context) {
    for (const input of cases(context)) {
      if (context.readOnly && input.method !== 'GET') {
        continue
      }
      const { why, allowed, ...request } = input
      const exchange = await context.client.send({ ...request, auth: 'valid' })
      const status = exchange.response?.status
      const rule = ALLOWED[allowed]
      context.collector.assert(
        'input.malformed',
        input.operation,
        exchange,
        `${rule.text} (${why})`,
        status !== undefined && rule.ok(status)
          ? undefined
          : `${describeResponse(exchange)} (${why})`,
      )
    }
  },
}
