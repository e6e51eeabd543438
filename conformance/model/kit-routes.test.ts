import { describe, expect, it } from 'vitest'
import { API_PREFIX, ROUTE_OF } from '../../src/spec/routes.ts'
import { kitPath, operationLabel, operations, SUNSET_DAY } from './kit-routes.ts'

describe('the kit routes', () => {
  it('are the spec routes under the base URL', () => {
    for (const route of Object.values(ROUTE_OF)) {
      expect(`${API_PREFIX}${operations[route.operationId].path}`).toBe(route.path)
      expect(operations[route.operationId].method).toBe(route.method)
      expect(operations[route.operationId].deprecated).toBe(route.deprecation !== undefined)
    }
    expect(operationLabel('getPet')).toBe('getPet (deprecated)')
    expect(SUNSET_DAY).toBe(ROUTE_OF.getPet.deprecation?.sunset.toISOString().slice(0, 10))
  })

  it('fill path parameters as given and append the query', () => {
    expect(kitPath('getPet', { petId: 9007199254740993n })).toBe('/pets/9007199254740993')
    expect(kitPath('getPet', { petId: '%zz' })).toBe('/pets/%zz')
    expect(kitPath('listPets', {}, '?limit=1')).toBe('/pets?limit=1')
    expect(kitPath('listPets', {}, 'limit=1')).toBe('/pets?limit=1')
    expect(kitPath('listOrders')).toBe('/store/orders')
  })
})
