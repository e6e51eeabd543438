import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { type CheckId, catalogue } from './catalogue.ts'
import { createExchangeJudge, type JudgedExchange } from './judge-exchange.ts'
import { MAX_BUCKETS } from './response-rules.ts'

const NOW = Date.UTC(2026, 0, 1, 12, 0, 0)
const KEY = { Authorization: 'Bearer sk_test_free' }
const rateLimit = (remaining: number, reset = NOW / 1000 + 60) => ({
  'X-RateLimit-Limit': '60',
  'X-RateLimit-Remaining': String(remaining),
  'X-RateLimit-Reset': String(reset),
})
const errorOf = (status: number, extra: Record<string, string> = {}) => ({
  status,
  responseHeaders: { 'Content-Type': 'application/json', ...rateLimit(58), ...extra },
  responseBody: JSON.stringify({ code: 'x', message: 'y', status }),
})

/** A conforming `GET /v1/pets`, changed by `change`; its answer dated `NOW` unless it gives a `Date`. */
function exchange(change: Partial<JudgedExchange> = {}): JudgedExchange {
  const { responseHeaders, ...rest } = change
  return {
    method: 'GET',
    path: '/v1/pets',
    query: '',
    requestHeaders: KEY,
    status: 200,
    responseBody: '[{"id":1,"name":"Rex","categoryId":1}]',
    receivedAt: NOW,
    ...rest,
    responseHeaders: {
      Date: new Date(NOW).toUTCString(),
      ...(responseHeaders ?? {
        'Content-Type': 'application/json; charset=utf-8',
        ...rateLimit(59),
      }),
    },
  }
}

/**
 * Response rules broken by exchanges in a row whose last breaks exactly that
 * rule. Examples, not one a rule: every rule judged on every answer is held
 * to the proxy's judge by the runs of its faults
 * (`conformance/test-utils/fault-cases.ts`, `heldByProxy`).
 */
const broken: Record<string, Array<JudgedExchange>> = {
  'server.no-5xx': [exchange(errorOf(503))],
  // A list read whole is also judged by list.schema: only the label is wrong here.
  'response.json': [
    exchange({ responseHeaders: { 'Content-Type': 'text/plain', ...rateLimit(59) } }),
  ],
  // GET /store/orders answered as if the operation did not exist (§4.4).
  'orders.exists': [
    exchange({
      path: '/v1/store/orders',
      ...errorOf(405, { Allow: 'POST' }),
    }),
  ],
  // Sent twice and read as a list: the first entry still starts with `application/json;`.
  'response.media-type': [
    exchange({
      responseHeaders: {
        'Content-Type': 'application/json; charset=utf-8, application/json',
        ...rateLimit(59),
      },
    }),
  ],
  'error.body': [
    exchange({
      ...errorOf(404),
      path: '/v1/pets/7',
      responseBody: JSON.stringify({ code: 'not_found', message: 'No pet', status: 400 }),
    }),
  ],
  'ratelimit.headers': [
    exchange({
      responseHeaders: {
        'Content-Type': 'application/json',
        ...rateLimit(59),
        'X-RateLimit-Reset': 'soon',
      },
    }),
  ],
  'ratelimit.values': [
    exchange({ responseHeaders: { 'Content-Type': 'application/json', ...rateLimit(61) } }),
  ],
  'ratelimit.remaining-decreases': [exchange(), exchange({ receivedAt: NOW + 10 })],
  'ratelimit.retry-after': [exchange({ ...errorOf(429, rateLimit(0)) })],
  'ratelimit.429-remaining': [
    exchange({ ...errorOf(429, { ...rateLimit(3), 'Retry-After': '5' }) }),
  ],
  // A ban's two minutes while the Reset still shows the window's end, a minute away.
  'ratelimit.retry-after-reset': [
    exchange({ ...errorOf(429, { ...rateLimit(0), 'Retry-After': '120' }) }),
  ],
  'auth.www-authenticate': [exchange({ ...errorOf(401), requestHeaders: {} })],
  // PHP's `date('r')`: RFC 2822's offset where HTTP wants `GMT`.
  'response.date': [
    exchange({
      responseHeaders: {
        'Content-Type': 'application/json',
        Date: 'Thu, 01 Jan 2026 12:00:00 +0000',
        ...rateLimit(59),
      },
    }),
  ],
  // A method the resource lacks, refused without saying which it has.
  'method.allow-on-405': [exchange({ method: 'DELETE', path: '/v1/pets/7', ...errorOf(405) })],
  // A version-wide policy's headers on an operation §9 does not deprecate.
  'deprecation.only-get-pet': [
    exchange({
      responseHeaders: {
        'Content-Type': 'application/json',
        ...rateLimit(59),
        Deprecation: '@1735689600',
      },
    }),
  ],
}

const PET = { id: 7, name: 'Rex', categoryId: 3 }
const pets = (count: number, extra: Record<string, unknown> = {}) =>
  JSON.stringify(Array.from({ length: count }, (_, index) => ({ ...PET, id: index + 1, ...extra })))
const created = (body: string, responseBody: string, status = 201): Partial<JudgedExchange> => ({
  method: 'POST',
  requestBody: body,
  status,
  responseBody,
})
const fetched = (petId: string, responseBody: string, status = 200): Partial<JudgedExchange> => ({
  path: `/v1/pets/${petId}`,
  status,
  responseBody,
})

/** For each rule the kit decides from one request and its response: an exchange that breaks exactly it. */
const brokenExchange: Record<string, Partial<JudgedExchange>> = {
  'list.schema': { responseBody: '[{"id":1.5,"name":"Rex","categoryId":1}]' },
  'list.default-limit': { responseBody: pets(21) },
  'list.limit': { query: 'limit=5', responseBody: pets(6) },
  'list.max-items': { query: 'limit=500', responseBody: pets(101) },
  'list.status-filter': {
    query: 'status=sold&limit=50',
    responseBody: JSON.stringify([
      { ...PET, status: 'sold' },
      { ...PET, id: 8, status: 'pending' },
    ]),
  },
  'create.valid': created(
    '{"name":"Rex","categoryId":9007199254740993,"status":"sold"}',
    '{"id":1,"name":"Rex","categoryId":9007199254740992,"status":"sold"}',
  ),
  'get.valid': fetched('9007199254740993', '{"id":9007199254740992,"name":"Rex","categoryId":1}'),
  'list.invalid-limit': { query: 'limit=0', responseBody: pets(2) },
  'list.invalid-status': { query: 'status=adopted', responseBody: pets(2) },
  'get.invalid-id': fetched('abc', JSON.stringify(PET)),
}

/** Exchanges that differ only where the spec allows: no violation. */
const allowed: Record<string, Partial<JudgedExchange>> = {
  'extra fields and no status on listed pets': { responseBody: pets(20, { colour: 'brown' }) },
  'an empty page for a status filter': { query: 'status=pending', responseBody: '[]' },
  'exactly limit pets': {
    query: 'limit=100&status=sold',
    responseBody: pets(100, { status: 'sold' }),
  },
  'a 400 for limit=0': { query: 'limit=0', ...errorOf(400) },
  'a clamped 200 for limit=101': { query: 'limit=101', responseBody: pets(100) },
  'a 200 of 20 for limit=abc': { query: 'limit=abc', responseBody: pets(20) },
  'a 401 or 429 for a valid list': {
    ...errorOf(401, { 'WWW-Authenticate': 'Bearer realm="petstore"' }),
  },
  'a created pet without status, with extra fields': created(
    '{"name":"Rex","categoryId":9007199254740993}',
    '{"id":9007199254740995,"name":"Rex","categoryId":9007199254740993,"born":"2020"}',
  ),
  'a created pet given a status when none was sent': created(
    '{"name":"Rex","categoryId":3}',
    '{"id":1,"name":"Rex","categoryId":3,"status":"available"}',
  ),
  'a 400 for a NewPet (a category that may not exist)': created(
    '{"name":"Rex","categoryId":999}',
    JSON.stringify({ code: 'x', message: 'y', status: 400 }),
    400,
  ),
  'a 400 to a body that is not a NewPet': created('{"name":42}', errorOf(400).responseBody, 400),
  'a 200 to an unknown but well-formed key (only the server knows its keys)': {
    requestHeaders: { authorization: 'Bearer sk_nobody_knows' },
  },
  'a Pet of the id asked for, beyond 2^53': fetched(
    '9007199254740993',
    '{"id":9007199254740993,"name":"Rex","categoryId":1,"extra":true}',
  ),
  'a 404 for an unknown id': { ...fetched('999', ''), ...errorOf(404) },
  'a 404 for a petId that is no int64': { ...fetched('abc', ''), ...errorOf(404) },
  'a 400 for status=adopted': { query: 'status=adopted', ...errorOf(400) },
  'a 401 for limit=0 (the key is checked first)': {
    query: 'limit=0',
    ...errorOf(401, { 'WWW-Authenticate': 'Bearer realm="petstore"' }),
  },
  'a 200 of one pet for limit=0': { query: 'limit=0', responseBody: pets(1) },
}

/** For each refusal the spec requires: a request it refuses, answered as if it were fine. */
const accepted: Record<string, Partial<JudgedExchange>> = {
  'auth.no-header': { requestHeaders: {} },
  'auth.non-bearer': { requestHeaders: { Authorization: 'Basic sk_test_free' } },
  'auth.empty-token': {
    ...fetched('7', JSON.stringify(PET)),
    requestHeaders: { authorization: 'Bearer' },
  },
  'orders.auth': {
    path: '/v1/store/orders',
    responseBody: '[]',
    requestHeaders: { authorization: 'bearer ' },
  },
  'create.reject-missing-body': created('', JSON.stringify(PET)),
  'create.reject-malformed-json': created('{"name":', JSON.stringify(PET)),
  'create.reject-invalid-name': created('{"name":42,"categoryId":3}', JSON.stringify(PET)),
  'create.reject-invalid-category-id': created(
    '{"name":"Rex","categoryId":1.5}',
    JSON.stringify(PET),
  ),
  'create.reject-invalid-status': created(
    '{"name":"Rex","categoryId":3,"status":"adopted"}',
    JSON.stringify(PET),
  ),
}

describe('createExchangeJudge', () => {
  it.each(Object.entries(accepted))(
    'names exactly %s when the upstream accepts what the spec refuses',
    (id, change) => {
      const violations = createExchangeJudge()(exchange(change))
      const check = catalogue.find((entry) => entry.id === id)
      expect(violations).toEqual([
        { check: id, level: check?.level, section: check?.section, message: expect.any(String) },
      ])
    },
  )

  it('leaves a refusal of what the spec refuses alone', () => {
    const judge = createExchangeJudge()
    const unauthorized = errorOf(401, { 'WWW-Authenticate': 'Bearer realm="petstore"' })
    expect(judge(exchange({ ...unauthorized, requestHeaders: {} }))).toEqual([])
    expect(judge(exchange({ ...created('{', ''), ...errorOf(400) }))).toEqual([])
    // Refused for its key first: the invalid body is not judged again.
    expect(judge(exchange({ ...created('', ''), ...unauthorized, requestHeaders: {} }))).toEqual([])
  })

  it('finds no violation in a conforming exchange, nor in a conforming series', () => {
    const judge = createExchangeJudge()
    expect(judge(exchange())).toEqual([])
    expect(
      judge(exchange({ responseHeaders: { ...exchange().responseHeaders, ...rateLimit(58) } })),
    ).toEqual([])
    expect(judge(exchange({ ...errorOf(404, rateLimit(57)), path: '/v1/pets/7' }))).toEqual([])
    expect(judge(exchange({ ...errorOf(429, { ...rateLimit(0), 'Retry-After': '5' }) }))).toEqual(
      [],
    )
    expect(
      judge(
        exchange({
          ...errorOf(401, { 'WWW-Authenticate': 'Bearer realm="x"' }),
          requestHeaders: {},
        }),
      ),
    ).toEqual([])
  })

  it('holds a 401 to a Bearer challenge only, as RFC 6750 §3 writes it: any case and parameter values pass; Basic, none, a bare scheme, an attribute twice or a character outside its set fails', () => {
    const challenged = (value: string | undefined) =>
      createExchangeJudge()(
        exchange({
          ...errorOf(401, value === undefined ? {} : { 'WWW-Authenticate': value }),
          requestHeaders: {},
        }),
      )
        .filter((violation) => violation.check === 'auth.www-authenticate')
        .map((violation) => violation.message)
    for (const allowed of [
      'bearer realm="petstore"',
      'Bearer realm="a, b", error="invalid_token", error_description="The key, \'x\' (missing)"',
      'Bearer scope="pets orders", x-extra=1',
      'Bearer error=invalid_token',
    ]) {
      expect(challenged(allowed), allowed).toEqual([])
    }
    for (const [broken, problem] of [
      ['Bearer', /no auth-param/],
      ['Bearer  ,  ', /no auth-param/],
      ['Bearer abc123', /no auth-param/],
      // A name with `=` and no value is a token68 (RFC 9110 §11.2: an auth-param has a value).
      ['Bearer abc=', /no auth-param/],
      ['Bearer realm="a", realm="b"', /`realm` more than once/],
      ['Bearer realm="a", REALM="b"', /`realm` more than once/],
      ['Bearer error="invalid_token", error="x"', /`error` more than once/],
      ['Bearer realm="a", error_description="The key, \\"x\\""', /`error_description` is/],
      ['Bearer realm="a", error_description="Clé inconnue"', /`error_description` is/],
      ['Bearer realm="a", error_uri="https://x/a b"', /`error_uri` is/],
    ] as const) {
      expect(challenged(broken), broken).toEqual([expect.stringMatching(problem)])
    }
    expect(challenged(undefined)).toEqual([expect.stringMatching(/missing/)])
    expect(challenged('Basic realm="Realm"')).toEqual([expect.stringMatching(/with Basic/)])
    expect(challenged('Bearer realm="x", Basic realm="y"')).toEqual([
      expect.stringMatching(/with Basic/),
    ])
    expect(challenged('')).toEqual([expect.stringMatching(/names no challenge/)])
  })

  it('holds a 405 to an Allow that is a list of methods as a sender writes it (RFC 9110 §5.6.1.2)', () => {
    const allowed = (allow: string | undefined) =>
      createExchangeJudge()(
        exchange({
          method: 'DELETE',
          path: '/v1/pets/7',
          ...errorOf(405, allow === undefined ? {} : { allow }),
        }),
      ).filter((violation) => violation.check === 'method.allow-on-405').length === 0
    for (const allow of ['GET', 'GET, HEAD', 'GET,HEAD', ''])
      expect(allowed(allow), allow).toBe(true)
    for (const allow of [', GET', 'GET,', 'GET,,HEAD', 'GET HEAD', undefined]) {
      expect(allowed(allow), String(allow)).toBe(false)
    }
  })

  it('names orders.exists for a 404 of GET /store/orders (a catch-all: the operation missing)', () => {
    const violations = createExchangeJudge()(
      exchange({ path: '/v1/store/orders', ...errorOf(404) }),
    )
    expect(violations.map((violation) => violation.check)).toEqual(['orders.exists'])
  })

  it.each(Object.entries(broken))(
    'names exactly %s, with the catalogue level and section',
    (id, series) => {
      const judge = createExchangeJudge()
      const before = series.slice(0, -1).flatMap((item) => judge(item))
      const violations = judge(series.at(-1) as JudgedExchange)
      const check = catalogue.find((entry) => entry.id === id)
      expect(before).toEqual([])
      expect(violations).toEqual([
        {
          check: id as CheckId,
          level: check?.level,
          section: check?.section,
          message: expect.any(String),
        },
      ])
    },
  )

  it('has a broken exchange for each rule the kit decides from one exchange', () => {
    const ruleIds = catalogue.filter((check) => check.judgeExchange).map((check) => check.id)
    expect(Object.keys(brokenExchange).sort()).toEqual([...ruleIds].sort())
    expect(ruleIds.every((id) => catalogue.some((check) => check.id === id && !check.judge))).toBe(
      true,
    )
  })

  it.each(Object.entries(brokenExchange))(
    "names exactly %s from one exchange, with the kit's level, section and words",
    (id, change) => {
      const violations = createExchangeJudge()(exchange(change))
      const check = catalogue.find((entry) => entry.id === id)
      // More than 100 pets is always more than the page asked for too: with an
      // invalid limit, more than it is clamped to.
      const also = id === 'list.max-items' ? ['list.invalid-limit'] : []
      expect(violations.map((violation) => violation.check)).toEqual([id, ...also])
      expect(violations[0]).toEqual({
        check: id,
        level: check?.level,
        section: check?.section,
        message: expect.any(String),
      })
    },
  )

  it('says what the kit would say', () => {
    const messages = Object.values(brokenExchange).map(
      (change) => createExchangeJudge()(exchange(change))[0]?.message,
    )
    expect(messages).toEqual([
      expect.stringMatching(
        /^`id` is .* in 1 of 1 pet, expected an int64 integer: HTTP 200 .* \(expected a JSON array of Pet /,
      ),
      '21 pets (expected 200 with at most 20 pets)',
      '6 pets (expected 200 with at most 5 pets)',
      '101 pets (expected at most 100 pets)',
      '1 of 2 pets with another status, e.g. {"id":8,"name":"Rex","categoryId":3,"status":"pending"} (expected 200 and only pets with status "sold")',
      'categoryId 9007199254740992 instead of 9007199254740993 (expected 201 with a Pet echoing {"name":"Rex","categoryId":9007199254740993,"status":"sold"})',
      'a Pet of id 9007199254740992 (expected 200 with a Pet of id 9007199254740993)',
      expect.stringMatching(
        /^HTTP 200 \[.*\] \(limit=0\) \(expected 4xx with an Error body or 200 clamped to at most 1 pet \(limit=0\)\)$/,
      ),
      expect.stringMatching(
        /^HTTP 200 .* \(status=adopted\) \(expected 4xx with an Error body \(status=adopted\)\)$/,
      ),
      expect.stringMatching(
        /^HTTP 200 .* \(petId=abc\) \(expected 4xx with an Error body \(petId=abc\)\)$/,
      ),
    ])
  })

  it('judges a status the spec does not list for the operation as the kit does', () => {
    const judge = (change: Partial<JudgedExchange>) => createExchangeJudge()(exchange(change))
    const badRequest = errorOf(400)
    expect(judge(badRequest).map((v) => v.check)).toEqual(['list.default-limit'])
    expect(judge({ ...badRequest, query: 'status=sold' }).map((v) => v.check)).toEqual([
      'list.default-limit',
      'list.status-filter',
    ])
    expect(judge({ ...badRequest, path: '/v1/pets/7' }).map((v) => v.check)).toEqual(['get.valid'])
    expect(
      judge(created('{"name":"Rex","categoryId":1}', JSON.stringify(PET), 200)).map((v) => v.check),
    ).toEqual(['create.valid'])
  })

  it.each(Object.entries(allowed))('finds no violation in %s', (_name, change) => {
    expect(createExchangeJudge()(exchange(change))).toEqual([])
  })

  it('knows the operation from method and path', () => {
    const judge = createExchangeJudge()
    const notJson = {
      responseBody: 'ok',
      responseHeaders: { 'Content-Type': 'text/plain', ...rateLimit(59) },
    }
    // The spec describes pet bodies, not those of orders or undocumented methods.
    expect(judge(exchange({ ...notJson, path: '/v1/store/orders' }))).toEqual([])
    expect(
      judge(exchange({ ...notJson, method: 'DELETE', path: '/v1/pets/7', requestHeaders: {} })),
    ).toEqual([])
    expect(
      judge(exchange({ ...notJson, path: '/v1/pets/7', requestHeaders: {} })).map((v) => v.check),
    ).toEqual(['response.json', 'auth.no-header', 'get.valid'])
    // A 401 of orders needs no WWW-Authenticate (advisory, pet operations only).
    expect(
      judge(exchange({ ...errorOf(401), path: '/v1/store/orders', requestHeaders: {} })),
    ).toEqual([])
  })

  it('follows Remaining per credential, not across overlapping requests', () => {
    const judge = createExchangeJudge()
    expect(judge(exchange())).toEqual([])
    // Another key has its own counter.
    expect(judge(exchange({ requestHeaders: { authorization: 'Bearer sk_test_pro' } }))).toEqual([])
    // Sent before the previous response arrived: the two may come in any order.
    expect(judge(exchange({ sentAt: NOW - 5, receivedAt: NOW + 5 }))).toEqual([])
    // A new window (another Reset) starts over.
    expect(
      judge(
        exchange({
          responseHeaders: {
            'Content-Type': 'application/json',
            ...rateLimit(59, NOW / 1000 + 120),
          },
        }),
      ),
    ).toEqual([])
    expect(judge(exchange({ receivedAt: NOW + 20, sentAt: NOW + 15 })).map((v) => v.check)).toEqual(
      [],
    )
    expect(judge(exchange({ receivedAt: NOW + 30, sentAt: NOW + 25 })).map((v) => v.check)).toEqual(
      ['ratelimit.remaining-decreases'],
    )
  })

  it('remembers at most MAX_BUCKETS credentials, the least recently seen forgotten first', () => {
    const judge = createExchangeJudge()
    const withKey = (key: string, receivedAt: number) =>
      exchange({ requestHeaders: { Authorization: `Bearer ${key}` }, receivedAt })
    judge(withKey('first', NOW))
    for (let i = 0; i < MAX_BUCKETS; i++) {
      judge(withKey(`other-${i}`, NOW + 1 + i))
    }
    // 'first' was forgotten: its repeated Remaining is not compared.
    expect(judge(withKey('first', NOW + 1000))).toEqual([])
    // The most recent one is still remembered.
    expect(judge(withKey(`other-${MAX_BUCKETS - 1}`, NOW + 1001)).map((v) => v.check)).toEqual([
      'ratelimit.remaining-decreases',
    ])
  })

  it('does not ask a HEAD response for an Error body', () => {
    const judge = createExchangeJudge()
    const head = {
      ...errorOf(404, rateLimit(59)),
      method: 'HEAD',
      path: '/v1/pets/7',
      responseBody: '',
    }
    expect(judge(exchange(head))).toEqual([])
    expect(
      judge(
        exchange({
          ...head,
          method: 'GET',
          receivedAt: NOW + 1,
          responseHeaders: errorOf(404, rateLimit(58)).responseHeaders,
        }),
      ).map((v) => v.check),
    ).toEqual(['error.body', 'response.json'])
  })

  it('does not judge JSON it could not read whole', () => {
    const judge = createExchangeJudge()
    expect(judge(exchange({ responseBody: '[{"id":1,', responseTruncated: true }))).toEqual([])
  })
})

describe('ratelimit.retry-after-reset over the whole domain', () => {
  const violations = (headers: Record<string, string>, receivedAt: number) => {
    const answer = exchange({ ...errorOf(429, headers), receivedAt })
    // Without a Date of its own, the answer has none: the judge's clock is the reference.
    if (headers.Date === undefined) delete answer.responseHeaders.Date
    return createExchangeJudge()(answer).filter(
      (violation) => violation.check === 'ratelimit.retry-after-reset',
    )
  }
  /** A 429 `ahead` s before its Reset, at `ms` into a second, with Date or without. */
  const answer = fc.record({
    ahead: fc.integer({ min: 0, max: 2 * 86_400 }),
    ms: fc.integer({ min: 0, max: 999 }),
    withDate: fc.boolean(),
    asDate: fc.boolean(),
  })
  const headersOf = (
    {
      ahead,
      ms,
      withDate,
      asDate,
    }: { ahead: number; ms: number; withDate: boolean; asDate: boolean },
    waitS: number,
  ) => {
    const at = NOW + ms
    const nowS = Math.floor(at / 1000)
    return {
      at,
      headers: {
        ...rateLimit(0, nowS + ahead),
        ...(withDate ? { Date: new Date(at).toUTCString() } : {}),
        'Retry-After': asDate
          ? new Date((Math.ceil(at / 1000) + waitS) * 1000).toUTCString()
          : String(waitS),
      },
    }
  }

  it('passes a Retry-After that ends by the Reset, whatever the rounding, form and Date', () => {
    fc.assert(
      fc.property(answer, fc.nat(), (shape, shorter) => {
        // The wait a server computes, `ceil(reset - now)` (at least 1), or a shorter one.
        const faithful = Math.max(1, Math.ceil(shape.ahead - shape.ms / 1000))
        const { at, headers } = headersOf(shape, faithful - (shorter % faithful))
        expect(violations(headers, at)).toEqual([])
      }),
    )
  })

  it('fails a Retry-After that ends more than 4 s past the Reset, and names both', () => {
    fc.assert(
      fc.property(answer, fc.integer({ min: 5, max: 10 ** 9 }), (shape, past) => {
        const { at, headers } = headersOf(shape, shape.ahead + past)
        const found = violations(headers, at)
        expect(found).toHaveLength(1)
        expect(found[0]?.message).toMatch(/s past the Reset \d+/)
      }),
    )
  })

  it('reads an HTTP-date by itself: 3 s past the Reset fails with or without Date, and names no clock', () => {
    const resetS = NOW / 1000 + 60
    for (const withDate of [true, false]) {
      const found = violations(
        {
          ...rateLimit(0, resetS),
          ...(withDate ? { Date: new Date(NOW).toUTCString() } : {}),
          'Retry-After': new Date((resetS + 3) * 1000).toUTCString(),
        },
        NOW,
      )
      expect(found.map((violation) => violation.message)).toEqual([
        expect.stringMatching(/ends at \d+, 3 s past the Reset/),
      ])
    }
  })

  it('judges only a 429 with both headers usable', () => {
    for (const headers of [
      { 'X-RateLimit-Limit': 'sixty', 'Retry-After': '600' },
      { ...rateLimit(0), 'Retry-After': 'soon' },
      { ...rateLimit(0), 'X-RateLimit-Reset': 'later', 'Retry-After': '600' },
    ]) {
      expect(violations(headers, NOW)).toEqual([])
    }
    const judge = createExchangeJudge()
    const served = exchange({ responseHeaders: { ...rateLimit(5), 'Retry-After': '600' } })
    expect(judge(served).map((violation) => violation.check)).not.toContain(
      'ratelimit.retry-after-reset',
    )
  })
})
