import { request } from 'undici'
import { describe, expect, it } from 'vitest'
import { withMockServer } from '../test-utils/with-mock-server.ts'

const auth = { authorization: 'Bearer sk_test_free' }

describe('startServer', () => {
  const mock = withMockServer()

  it('serves the seeded pets over real HTTP', async () => {
    const response = await request(`${mock.current.url}/v1/pets`, { headers: auth })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('application/json')
    const pets = (await response.body.json()) as Array<{ id: number }>
    expect(pets).toHaveLength(20)
    expect(pets.map((pet) => pet.id)).toEqual([...pets.map((pet) => pet.id)].sort((a, b) => a - b))
  })

  it('answers 401 with an Error body without a key', async () => {
    const response = await request(`${mock.current.url}/v1/pets`)
    expect(response.statusCode).toBe(401)
    expect(response.headers['www-authenticate']).toBe('Bearer realm="petstore"')
    expect(await response.body.json()).toMatchObject({ code: 'unauthorized', status: 401 })
  })
})
