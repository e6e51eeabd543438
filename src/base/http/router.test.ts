import { describe, expect, it } from 'vitest'
import { createRouter, matchPath } from './router.ts'

describe('createRouter', () => {
  const router = createRouter([
    { method: 'GET', path: '/v1/pets', value: 'listPets' },
    { method: 'POST', path: '/v1/pets', value: 'createPet' },
    { method: 'GET', path: '/v1/pets/{petId}', value: 'getPet' },
    { method: 'DELETE', path: '/__mock/scenarios', value: 'clear' },
  ])

  it('finds the entry of a method and path, with its parameters', () => {
    expect(router.find('GET', '/v1/pets')).toEqual({ value: 'listPets', params: {} })
    expect(router.find('POST', '/v1/pets')).toEqual({ value: 'createPet', params: {} })
    expect(router.find('GET', '/v1/pets/7')).toEqual({ value: 'getPet', params: { petId: '7' } })
  })

  it('routes HEAD as the GET of the same path', () => {
    expect(router.find('HEAD', '/v1/pets/7')).toEqual({ value: 'getPet', params: { petId: '7' } })
    expect(router.find('HEAD', '/__mock/scenarios')).toEqual({ allow: 'DELETE' })
  })

  it('lists the allowed methods of a known path, HEAD wherever GET is', () => {
    expect(router.find('DELETE', '/v1/pets')).toEqual({ allow: 'GET, HEAD, POST' })
    expect(router.find('PUT', '/v1/pets/1')).toEqual({ allow: 'GET, HEAD' })
  })

  it('finds nothing for an unknown path', () => {
    expect(router.find('GET', '/v1/pets/1/photos')).toBeUndefined()
    expect(router.find('GET', '/v1/PETS')).toBeUndefined()
    expect(router.find('GET', '/v1/pets/')).toBeUndefined()
  })
})

describe('matchPath', () => {
  it('matches a template without parameters exactly', () => {
    expect(matchPath('/openapi.json')('/openapi.json')).toEqual({})
    expect(matchPath('/openapi.json')('/openapiXjson')).toBeUndefined()
  })
})
