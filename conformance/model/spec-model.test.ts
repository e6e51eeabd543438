import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  acceptsJson,
  answersOf,
  credentialOf,
  limitReading,
  type ModelState,
  objectMembers,
  queryValues,
} from './spec-model.ts'

const state: ModelState = {
  token: 'sk',
  pets: new Map([[7n, { id: 7n, name: 'Rex', categoryId: 1n, status: 'sold' as const }]]),
  unusedIds: new Set([999n]),
  categoryIds: new Set([1n]),
  listTotals: new Map([['', 30]]),
}
const json = { 'content-type': 'application/json' }
const keyed = { Authorization: 'Bearer sk' }
const list = (length: number) =>
  JSON.stringify(
    Array.from({ length }, (_, index) => ({ id: 100 + index, name: 'x', categoryId: 1 })),
  )
const error = (status: number) => ({
  status,
  headers: json,
  body: JSON.stringify({ code: 'e', message: 'm', status }),
})
const problemOf = (target: string, response: { status: number; body: string }, method = 'GET') =>
  answersOf({ method, target, headers: keyed }, state).problem({ headers: json, ...response })

describe('the credential is where §5 puts it, in any case of the scheme (RFC 9110 §11.1)', () => {
  it.each([
    [{ Authorization: 'Bearer sk' }, 'valid'],
    [{ authorization: 'bearer sk' }, 'valid'],
    [{ AUTHORIZATION: 'BEARER  sk' }, 'valid'],
    [{ Authorization: 'Bearer sk x' }, 'invalid'],
    [{ Authorization: 'Basic sk' }, 'invalid'],
    [{ Cookie: 'api_key=sk' }, 'missing'],
    [{ 'X-API-Key': 'sk' }, 'missing'],
  ])('%j is %s', (headers, expected) => {
    expect(credentialOf(headers, 'sk')).toBe(expected)
  })

  it('a key in the query is a missing key: 401', () => {
    const answers = answersOf({ method: 'GET', target: '/pets?api_key=sk', headers: {} }, state)
    expect(answers.problem({ status: 200, headers: json, body: '[]' })).toMatch(/HTTP 200/)
    expect(answers.problem(error(401))).toBeUndefined()
    expect(answers.after(error(401)).counted).toBe(false)
  })
})

describe('media types (RFC 9110 §8.3, §12.5.1)', () => {
  it.each([
    [undefined, true],
    ['*/*', true],
    ['application/*', true],
    ['Application/JSON; charset=utf-8', true],
    ['text/html, */*;q=0.1', true],
    ['text/html', false],
    ['application/json;q=0', false],
  ])('Accept %s admits JSON: %s', (accept, expected) => {
    expect(acceptsJson(accept)).toBe(expected)
  })
})

describe('limit: the spec decides each shape', () => {
  it.each([
    ['5', [5], false],
    ['007', [7, 20], true],
    ['+5', [5, 20], true],
    ['5.0', [5, 20], true],
    ['1e1', [10, 20], true],
    ['5abc', [20], true],
    ['0x10', [20], true],
    ['', [20], true],
    [' 5', [5, 20], true],
  ])('%j reads as %j (400 allowed: %s)', (value, sizes, refuse) => {
    expect(limitReading(value)).toEqual({ sizes, refuse })
  })

  it('never a third number: 5abc read as 5 is a violation, as 20 or 400 is not', () => {
    expect(problemOf('/pets?limit=5abc', { status: 200, body: list(5) })).toMatch(/5 pets/)
    expect(problemOf('/pets?limit=5abc', { status: 200, body: list(20) })).toBeUndefined()
    expect(problemOf('/pets?limit=5abc', error(400))).toBeUndefined()
    expect(problemOf('/pets?limit=1e1', { status: 200, body: list(1) })).toMatch(/1 pets/)
  })

  it('a repeated limit: either value, or 400', () => {
    expect(queryValues('limit=5&limit=500', 'limit')).toEqual([['5', '500']])
    expect(problemOf('/pets?limit=5&limit=7', { status: 200, body: list(7) })).toBeUndefined()
    expect(problemOf('/pets?limit=5&limit=7', { status: 200, body: list(20) })).toMatch(/20 pets/)
  })

  it('+ is read both as itself and as a space', () => {
    expect(queryValues('limit=+5', 'limit')).toEqual([['+5'], [' 5']])
  })

  it('for any value, a page is never more than 100 and a 5xx is never allowed', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 8 }), (value) => {
        const target = `/pets?limit=${encodeURIComponent(value)}`
        expect(problemOf(target, { status: 200, body: list(101) })).toBeDefined()
        expect(problemOf(target, error(500))).toBeDefined()
      }),
      { seed: 26, numRuns: 200 },
    )
  })

  it('a canonical limit 1..100 allows exactly its page, never a 400', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100 }), (limit) => {
        const target = `/pets?limit=${limit}`
        expect(problemOf(target, { status: 200, body: list(Math.min(limit, 30)) })).toBeUndefined()
        expect(problemOf(target, error(400))).toBeDefined()
      }),
      { seed: 26, numRuns: 50 },
    )
  })
})

describe('status filter', () => {
  it('an empty or unknown status matches no pet, or is refused; never read as no filter', () => {
    expect(problemOf('/pets?status=', { status: 200, body: list(20) })).toBeDefined()
    expect(problemOf('/pets?status=', { status: 200, body: '[]' })).toBeUndefined()
    expect(problemOf('/pets?status=AVAILABLE', error(400))).toBeUndefined()
  })

  it('a pet listed under another status than it has is a violation, shown or not', () => {
    const item = JSON.stringify([{ id: 7, name: 'Rex', categoryId: 1 }])
    expect(problemOf('/pets?status=available', { status: 200, body: item })).toMatch(/status sold/)
  })
})

describe('path ids (int64, RFC 3986 §6.2.2.2)', () => {
  const pet = { status: 200, body: JSON.stringify({ id: 7, name: 'Rex', categoryId: 1 }) }
  it('%37 is 7: only the answer for 7', () => {
    expect(problemOf('/pets/%37', pet)).toBeUndefined()
    expect(problemOf('/pets/%37', error(404))).toBeDefined()
  })
  it('another spelling of 7: pet 7 or refused', () => {
    for (const id of ['007', '+7', '7.0']) {
      expect(problemOf(`/pets/${id}`, pet)).toBeUndefined()
      expect(problemOf(`/pets/${id}`, error(400))).toBeUndefined()
    }
  })
  it('no integer (7abc, 0x7): never a pet', () => {
    for (const id of ['7abc', '0x7', '7.5']) {
      expect(problemOf(`/pets/${id}`, pet)).toBeDefined()
      expect(problemOf(`/pets/${id}`, error(404))).toBeUndefined()
    }
  })
  it('an unused id is 404', () => {
    expect(problemOf('/pets/999', error(404))).toBeUndefined()
    expect(problemOf('/pets/999', error(400))).toBeDefined()
  })
})

describe('createPet bodies', () => {
  const created = (body: object) => ({ status: 201, headers: json, body: JSON.stringify(body) })
  const create = (body: string, response: { status: number; body: string }) =>
    answersOf(
      { method: 'POST', target: '/pets', headers: { ...keyed, ...json }, body },
      state,
    ).problem({ headers: json, ...response })
  it.each(['[{"name":"a","categoryId":1}]', '"x"', '7', 'null', 'true', '{"name":"a"}'])(
    '%s is a 400 and creates nothing',
    (body) => {
      const answers = answersOf(
        { method: 'POST', target: '/pets', headers: { ...keyed, ...json }, body },
        state,
      )
      expect(answers.problem(created({ id: 5, name: 'a', categoryId: 1 }))).toBeDefined()
      expect(answers.problem({ ...error(400) })).toBeUndefined()
      expect(answers.after(error(400)).created).toBeUndefined()
    },
  )
  it('duplicate names: the first or the last wins, or 400', () => {
    const body = '{"name":"a","categoryId":1,"name":"b"}'
    expect(objectMembers(body)?.map(([name]) => name)).toEqual(['name', 'categoryId', 'name'])
    expect(create(body, created({ id: 5, name: 'a', categoryId: 1 }))).toBeUndefined()
    expect(create(body, created({ id: 5, name: 'b', categoryId: 1 }))).toBeUndefined()
    expect(create(body, created({ id: 5, name: 'c', categoryId: 1 }))).toBeDefined()
  })
  it('a valid ordinary NewPet is a 201, and "7" is no categoryId', () => {
    expect(create('{"name":"a","categoryId":1}', error(400))).toBeDefined()
    expect(
      create('{"name":"a","categoryId":"1"}', created({ id: 5, name: 'a', categoryId: 1 })),
    ).toBeDefined()
  })
  it('Content-Type in any case is JSON (RFC 9110 §8.3.1)', () => {
    const answers = answersOf(
      {
        method: 'POST',
        target: '/pets',
        headers: { ...keyed, 'Content-Type': 'Application/JSON; charset=UTF-8' },
        body: '{"name":"a","categoryId":1}',
      },
      state,
    )
    expect(answers.problem({ ...error(415) })).toBeDefined()
  })
})

describe('headers a proxy would read change nothing', () => {
  it('X-HTTP-Method-Override: POST on a GET is still a list', () => {
    const answers = answersOf(
      { method: 'GET', target: '/pets', headers: { ...keyed, 'X-HTTP-Method-Override': 'POST' } },
      state,
    )
    expect(answers.problem({ status: 201, headers: json, body: '{}' })).toBeDefined()
    expect(answers.problem({ status: 200, headers: json, body: list(20) })).toBeUndefined()
  })
})

describe('another spelling of an operation’s path is behind the key (RFC 3986 §6, §5)', () => {
  const pets = { status: 200, headers: json, body: list(3) }
  const challenge = { ...json, 'www-authenticate': 'Bearer realm="x"' }
  const spelled = (target: string, headers: Record<string, string>, method = 'GET') =>
    answersOf({ method, target, headers, base: '/v1' }, state)

  it('without the key: never the data, whatever the spelling', () => {
    for (const target of ['/pets/', '//pets', '/./pets', '/x/../pets', '/%70ets', '/PETS']) {
      const answers = spelled(target, {})
      expect(answers.operation).toBe('listPets')
      expect(answers.problem(pets), target).toMatch(
        /HTTP 200 (with the operation's data )?without the key/,
      )
      expect(answers.problem({ ...error(401), headers: challenge })).toBeUndefined()
      expect(answers.problem(error(404))).toBeUndefined()
    }
  })

  it('a 401 to a spelling of the same URI carries the Bearer challenge', () => {
    expect(spelled('/./pets', {}).problem(error(401))).toMatch(/WWW-Authenticate is missing/)
  })

  it('a redirect to the path under the base, relative or absolute; not one outside it', () => {
    const redirect = (location: string) => ({ status: 308, headers: { location }, body: '' })
    const answers = spelled('/store/./orders?limit=1', {})
    expect(answers.problem(redirect('/v1/store/orders?limit=1'))).toBeUndefined()
    expect(answers.problem(redirect('http://host:1/v1/store/orders'))).toBeUndefined()
    expect(answers.problem(redirect('/store/orders'))).toMatch(/to \/store\/orders, not \/v1/)
    expect(answers.problem({ status: 301, headers: {}, body: '' })).toMatch(/without Location/)
  })

  it('with the key: the operation’s answer as for its path, a refusal other than 401, a redirect; no 5xx', () => {
    const answers = spelled('/%70ets/./7', keyed)
    expect(answers.operation).toBe('getPet')
    expect(answers.spelling).toEqual(['dot-segment', 'encoded'])
    const rex = JSON.stringify({ id: 7, name: 'Rex', categoryId: 1, status: 'sold' })
    expect(answers.problem({ status: 200, headers: json, body: rex })).toBeUndefined()
    expect(answers.problem({ status: 200, headers: json, body: list(1) })).toMatch(/not a Pet/)
    expect(answers.problem(error(404))).toBeUndefined()
    expect(answers.problem(error(401))).toMatch(/HTTP 401/)
    expect(answers.problem(error(500))).toMatch(/HTTP 500/)
  })

  it('another URI (a slash more or less, another case): any answer but a 5xx, and without the key never the data', () => {
    const page = { status: 200, headers: { 'content-type': 'text/html' }, body: '<p>Sign in</p>' }
    for (const target of ['/pets/', '//pets', '/PETS']) {
      const keyless = spelled(target, {})
      expect(keyless.problem(pets), target).toMatch(/with the operation's data without the key/)
      expect(keyless.problem(page), target).toBeUndefined()
      expect(keyless.problem({ status: 200, headers: json, body: '[]' }), target).toMatch(/data/)
      expect(keyless.problem({ status: 200, headers: json, body: '{"links":[]}' })).toBeUndefined()
      expect(
        keyless.problem({ status: 302, headers: { location: '/login' }, body: '' }),
      ).toBeUndefined()
      expect(keyless.problem(error(401)), target).toBeUndefined()
      expect(keyless.problem(error(500)), target).toMatch(/HTTP 500/)
      const withKey = spelled(target, keyed)
      expect(withKey.problem(error(401)), target).toBeUndefined()
      expect(withKey.problem(pets), target).toBeUndefined()
      expect(withKey.problem(error(503)), target).toMatch(/HTTP 503/)
    }
    const pet = JSON.stringify({ id: 7, name: 'Rex', categoryId: 1 })
    expect(spelled('/PETS/7/', {}).problem({ status: 200, headers: json, body: pet })).toMatch(
      /operation's data without the key/,
    )
  })

  it('a create spelled with the key creates what was sent, or nothing', () => {
    const body = JSON.stringify({ name: 'Rex', categoryId: 1 })
    const answers = answersOf(
      {
        method: 'POST',
        target: '/%70ets',
        headers: { ...keyed, 'content-type': 'application/json' },
        body,
      },
      state,
    )
    const created = {
      status: 201,
      headers: json,
      body: JSON.stringify({ id: 8, name: 'Rex', categoryId: 1 }),
    }
    expect(answers.problem(created)).toBeUndefined()
    expect(answers.after(created).created?.id).toBe(8n)
    expect(answers.problem(error(405))).toBeUndefined()
  })

  it('the path as the spec writes it is no spelling', () => {
    expect(spelled('/pets', {}).spelling).toEqual([])
    expect(spelled('/pets/%37', keyed).spelling).toEqual([])
  })
})
