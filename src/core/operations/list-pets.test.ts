import { beforeEach, describe, expect, it } from 'vitest'
import { LIST_LIMIT as LIMIT } from '../../spec/limits.ts'
import { Pets } from '../../spec/pet.ts'
import { PetStatus } from '../../spec/pet-status.ts'
import { AUTH, expectError, useTransports } from '../../test-utils/use-transports.ts'

describe.each(useTransports())('GET /v1/pets ($name)', (transport) => {
  beforeEach(() => transport.petstore.reset())

  const list = async (query = '') => {
    const response = await transport.send('GET', `/v1/pets${query}`, { headers: AUTH })
    expect(response.status, response.text).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/json')
    return Pets.parse(response.json())
  }

  it('returns the default page of 20 pets, ordered by id', async () => {
    const pets = await list()
    expect(pets).toHaveLength(LIMIT.default)
    expect(pets.map((pet) => pet.id)).toEqual(
      Array.from({ length: LIMIT.default }, (_, index) => index + 1),
    )
  })

  it.each([1, 7, LIMIT.max])('returns at most limit=%i pets', async (limit) => {
    const pets = await list(`?limit=${limit}`)
    expect(pets).toHaveLength(limit)
    const ids = pets.map((pet) => pet.id)
    expect(ids).toEqual([...ids].sort((a, b) => a - b))
  })

  it('keeps the order stable across requests', async () => {
    expect(await list('?limit=50')).toEqual(await list('?limit=50'))
  })

  it.each(PetStatus.options)('filters by status=%s exactly', async (status) => {
    const pets = await list(`?status=${status}&limit=${LIMIT.max}`)
    expect(pets.length).toBeGreaterThan(0)
    expect(pets.every((pet) => pet.status === status)).toBe(true)
    const ids = pets.map((pet) => pet.id)
    expect(ids).toEqual([...ids].sort((a, b) => a - b))
    const all = await list(`?limit=${LIMIT.max}`)
    expect(ids).toEqual(all.filter((pet) => pet.status === status).map((pet) => pet.id))
  })

  it('combines status and limit', async () => {
    const pets = await list('?status=available&limit=3')
    expect(pets).toHaveLength(3)
    expect(pets.every((pet) => pet.status === 'available')).toBe(true)
  })

  it.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=abc', 'limit'],
    ['limit=1.5', 'limit'],
    ['limit=', 'limit'],
    ['limit=-5', 'limit'],
    ['limit=99999999999999999999', 'limit'],
    ['status=lost', 'status'],
    ['status=', 'status'],
    ['status=AVAILABLE', 'status'],
  ])('answers 400 for %s, naming the parameter', async (query, name) => {
    const response = await transport.send('GET', `/v1/pets?${query}`, { headers: AUTH })
    const error = expectError(response, 400, 'invalid_request')
    expect(error.message).toContain(`"${name}"`)
  })

  it('says what the limit must be', async () => {
    const response = await transport.send('GET', '/v1/pets?limit=0', { headers: AUTH })
    expect(expectError(response, 400).message).toContain(`from ${LIMIT.min} to ${LIMIT.max}`)
  })
})
