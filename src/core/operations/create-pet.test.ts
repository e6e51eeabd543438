import { beforeEach, describe, expect, it } from 'vitest'
import { DEFAULT_PET_STATUS } from '../../spec/default-pet-status.ts'
import { INT64_RULE } from '../../spec/int64.ts'
import { MAX_JSON_DEPTH } from '../../spec/limits.ts'
import { MAX_NAME_LENGTH } from '../../spec/new-pet.ts'
import { Pet, Pets } from '../../spec/pet.ts'
import { AUTH, expectError, useTransports } from '../../test-utils/use-transports.ts'

const JSON_AUTH = { ...AUTH, 'content-type': 'application/json' }

describe.each(useTransports())('POST /v1/pets ($name)', (transport) => {
  beforeEach(() => transport.petstore.reset())

  const create = (body: unknown, headers: Record<string, string> = JSON_AUTH) =>
    transport.send('POST', '/v1/pets', {
      headers,
      body: typeof body === 'string' ? body : JSON.stringify(body),
    })

  it('answers 201 with the stored pet and its Location', async () => {
    const response = await create({ name: 'Rex', categoryId: 2, status: 'pending' })
    expect(response.status, response.text).toBe(201)
    expect(response.headers.get('content-type')).toBe('application/json')
    const pet = Pet.parse(response.json())
    expect(pet).toMatchObject({ name: 'Rex', categoryId: 2, status: 'pending' })
    expect(response.headers.get('location')).toBe(`/v1/pets/${pet.id}`)
  })

  it('stores the pet: get and list see it', async () => {
    const created = Pet.parse((await create({ name: 'Kiwi', categoryId: 3 })).json())
    const fetched = await transport.send('GET', `/v1/pets/${created.id}`, { headers: AUTH })
    expect(fetched.status).toBe(200)
    expect(fetched.json()).toEqual(created)
    const listed = await transport.send('GET', '/v1/pets?limit=100&status=available', {
      headers: AUTH,
    })
    expect(Pets.parse(listed.json()).at(-1)).toEqual(created)
  })

  it(`makes a pet created without status ${DEFAULT_PET_STATUS}`, async () => {
    const pet = Pet.parse((await create({ name: 'Rex', categoryId: 1 })).json())
    expect(pet.status).toBe(DEFAULT_PET_STATUS)
  })

  it('assigns increasing ids from the largest seeded id', async () => {
    const largest = Math.max(...transport.petstore.db.pets.all().map((pet) => pet.id))
    const first = Pet.parse((await create({ name: 'A', categoryId: 1 })).json())
    const second = Pet.parse((await create({ name: 'B', categoryId: 1 })).json())
    expect(first.id).toBe(largest + 1)
    expect(second.id).toBe(largest + 2)
  })

  it('ignores unknown fields rather than storing them', async () => {
    const response = await create({ name: 'Rex', categoryId: 1, id: 5, owner: 'me' })
    expect(response.status).toBe(201)
    const pet = Pet.parse(response.json())
    expect(pet.id).not.toBe(5)
    expect(Object.keys(pet).sort()).toEqual(['categoryId', 'id', 'name', 'status'])
  })

  it(`accepts a name of ${MAX_NAME_LENGTH} characters`, async () => {
    const response = await create({ name: 'x'.repeat(MAX_NAME_LENGTH), categoryId: 1 })
    expect(response.status).toBe(201)
  })

  it('accepts a body without a Content-Type', async () => {
    // Bytes: Fetch would declare a string body text/plain.
    const body = new TextEncoder().encode(JSON.stringify({ name: 'Rex', categoryId: 1 }))
    const response = await transport.send('POST', '/v1/pets', { headers: AUTH, body })
    expect(response.status).toBe(201)
  })

  it.each([
    'text/plain',
    'text/plain;charset=UTF-8',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/json; charset=latin1',
  ])('answers 415 naming what is accepted for a body declared %s', async (contentType) => {
    const before = transport.petstore.db.pets.count()
    const response = await create(
      { name: 'Rex', categoryId: 1 },
      { ...AUTH, 'content-type': contentType },
    )
    const error = expectError(response, 415, 'unsupported_media_type')
    expect(error.message).toContain('application/json')
    expect(transport.petstore.db.pets.count()).toBe(before)
  })

  it.each(['application/json; charset=utf-8', 'application/merge-patch+json', 'Application/JSON'])(
    'accepts a body declared %s',
    async (contentType) => {
      const response = await create(
        { name: 'Rex', categoryId: 1 },
        { ...AUTH, 'content-type': contentType },
      )
      expect(response.status).toBe(201)
    },
  )

  it.each<[string, Uint8Array<ArrayBuffer>, string]>([
    ['invalid UTF-8', new Uint8Array([0x7b, 0x22, 0x6e, 0xff, 0x22, 0x7d]), 'not valid UTF-8'],
    [
      'a UTF-8 byte order mark',
      new Uint8Array([
        0xef,
        0xbb,
        0xbf,
        ...new TextEncoder().encode('{"name":"Rex","categoryId":1}'),
      ]),
      'byte order mark',
    ],
  ])('answers 400 invalid_json for %s', async (_, body, fragment) => {
    const before = transport.petstore.db.pets.count()
    const response = await transport.send('POST', '/v1/pets', { headers: JSON_AUTH, body })
    expect(expectError(response, 400, 'invalid_json').message).toContain(fragment)
    expect(transport.petstore.db.pets.count()).toBe(before)
  })

  it(`answers 400 for JSON nested deeper than ${MAX_JSON_DEPTH} levels, at any depth, without a 500`, async () => {
    for (const depth of [MAX_JSON_DEPTH + 1, 5_000, 100_000]) {
      const name = `${'['.repeat(depth)}${']'.repeat(depth)}`
      const response = await create(`{"name":${name},"categoryId":1}`)
      expect(expectError(response, 400, 'invalid_request').message, String(depth)).toContain(
        String(MAX_JSON_DEPTH),
      )
    }
    const nested = `${'['.repeat(MAX_JSON_DEPTH - 1)}${']'.repeat(MAX_JSON_DEPTH - 1)}`
    const response = await create(`{"name":${nested},"categoryId":1}`)
    // Within the bound, the body is parsed and judged on its content.
    expect(expectError(response, 400, 'invalid_request').message).toContain('"name"')
  })

  it('does not count brackets inside strings as nesting', async () => {
    const response = await create({ name: `${'['.repeat(100)}\\"{`, categoryId: 1 })
    expect(response.status).toBe(201)
  })

  it.each<[string, unknown, string, string]>([
    ['an empty body', '', 'invalid_request', 'missing'],
    ['a body that is not JSON', '{"name": "Rex",', 'invalid_json', 'JSON'],
    ['a JSON array', '[{"name":"Rex","categoryId":1}]', 'invalid_request', 'object'],
    ['a JSON string', '"Rex"', 'invalid_request', 'object'],
    ['JSON null', 'null', 'invalid_request', 'object'],
    ['a missing name', { categoryId: 1 }, 'invalid_request', '"name" is required'],
    ['an empty name', { name: '', categoryId: 1 }, 'invalid_request', '"name"'],
    ['a blank name', { name: '   ', categoryId: 1 }, 'invalid_request', '"name"'],
    ['a name that is not a string', { name: 7, categoryId: 1 }, 'invalid_request', '"name"'],
    [
      `a name over ${MAX_NAME_LENGTH} characters`,
      { name: 'x'.repeat(MAX_NAME_LENGTH + 1), categoryId: 1 },
      'invalid_request',
      `at most ${MAX_NAME_LENGTH}`,
    ],
    ['a missing categoryId', { name: 'Rex' }, 'invalid_request', '"categoryId" is required'],
    [
      'a string categoryId',
      { name: 'Rex', categoryId: '1' },
      'invalid_request',
      '"categoryId" must be an integer',
    ],
    [
      'a fractional categoryId',
      { name: 'Rex', categoryId: 1.5 },
      'invalid_request',
      '"categoryId" must be an integer',
    ],
    [
      'a categoryId just beyond int64, quoted exactly as sent',
      '{"name":"Rex","categoryId":9223372036854775808}',
      'invalid_request',
      `"categoryId" ${INT64_RULE}, got 9223372036854775808.`,
    ],
    [
      'a categoryId just below int64, quoted exactly as sent',
      '{"name":"Rex","categoryId":-9223372036854775809}',
      'invalid_request',
      `"categoryId" ${INT64_RULE}, got -9223372036854775809.`,
    ],
    [
      'the largest int64 as categoryId, which is valid but names no category',
      '{"name":"Rex","categoryId":9223372036854775807}',
      'invalid_request',
      'must name an existing category; 9223372036854775807 names none',
    ],
    [
      'the smallest int64 as categoryId, which is valid but names no category',
      '{"name":"Rex","categoryId":-9223372036854775808}',
      'invalid_request',
      'must name an existing category; -9223372036854775808 names none',
    ],
    [
      'a categoryId too large for a number',
      '{"name":"Rex","categoryId":1e400}',
      'invalid_request',
      // Read exactly, as every integer literal is: the number that was sent, clipped.
      `"categoryId" ${INT64_RULE}, got 1000000000`,
    ],
    [
      'an int64 categoryId beyond what the mock holds, which names no category',
      `{"name":"Rex","categoryId":${2 ** 60}}`,
      'invalid_request',
      `${2 ** 60} names none`,
    ],
    [
      'a categoryId that names no category',
      { name: 'Rex', categoryId: 99 },
      'invalid_request',
      '"categoryId"',
    ],
    [
      'a status outside the enum',
      { name: 'Rex', categoryId: 1, status: 'lost' },
      'invalid_request',
      'one of available, pending, sold',
    ],
    ['a null status', { name: 'Rex', categoryId: 1, status: null }, 'invalid_request', '"status"'],
  ])('answers 400 for %s', async (_, body, code, fragment) => {
    const before = transport.petstore.db.pets.count()
    const error = expectError(await create(body), 400, code)
    expect(error.message).toContain(fragment)
    expect(transport.petstore.db.pets.count()).toBe(before)
  })

  it('answers 400 for no body at all', async () => {
    const response = await transport.send('POST', '/v1/pets', { headers: AUTH })
    expect(expectError(response, 400, 'invalid_request').message).toContain('missing')
  })
})
