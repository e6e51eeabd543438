import { describe, expect, it } from 'vitest'
import { Pet } from '../../spec/pet.ts'
import { routeOf } from '../../spec/routes.ts'
import {
  AUTH,
  expectError,
  type TestResponse,
  useTransports,
} from '../../test-utils/use-transports.ts'

const expectDeprecation = (response: TestResponse) => {
  expect(response.headers.get('deprecation')).toMatch(/^@\d+$/)
  expect(response.headers.get('sunset')).toBe('Thu, 05 Dec 2030 00:00:00 GMT')
  expect(response.headers.get('sunset')).toBe(routeOf('getPet').deprecation?.sunset.toUTCString())
  expect(response.headers.get('link')).toBe('</v1/pets>; rel="successor-version"')
}

describe.each(useTransports())('GET /v1/pets/{petId} ($name)', (transport) => {
  it('answers 200 with the pet, marked deprecated', async () => {
    const response = await transport.send('GET', '/v1/pets/7', { headers: AUTH })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/json')
    const pet = Pet.parse(response.json())
    expect(pet.id).toBe(7)
    expect(pet).toEqual(transport.petstore.db.pets.findFirst((q) => q.where({ id: 7 })))
    expectDeprecation(response)
  })

  it('reads the id in any decimal spelling', async () => {
    for (const spelling of ['007', '%37']) {
      const response = await transport.send('GET', `/v1/pets/${spelling}`, { headers: AUTH })
      expect(Pet.parse(response.json()).id).toBe(7)
    }
  })

  it.each(['999', '0', '-1', String(2 ** 60), '9223372036854775807', '-9223372036854775808'])(
    'answers 404 for the unknown id %s',
    async (id) => {
      const response = await transport.send('GET', `/v1/pets/${id}`, { headers: AUTH })
      expect(expectError(response, 404, 'not_found').message).toContain(id)
      expectDeprecation(response)
    },
  )

  it.each(['abc', '1.5', '9223372036854775808', '-9223372036854775809', '1e3', '%ZZ'])(
    'answers 400 for the petId %s',
    async (id) => {
      const response = await transport.send('GET', `/v1/pets/${id}`, { headers: AUTH })
      expect(expectError(response, 400, 'invalid_request').message).toContain('"petId"')
      expectDeprecation(response)
    },
  )

  it('marks its 401 as deprecated too', async () => {
    const response = await transport.send('GET', '/v1/pets/1')
    expectError(response, 401, 'unauthorized')
    expectDeprecation(response)
  })
})
