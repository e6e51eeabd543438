import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { outsideApi, underBase, zoneOf } from './app-zones.ts'

/** Path segments, names that objects carry among them. */
const segment = fc.oneof(
  fc.constantFrom('v1', 'pets', '__mock', 'openapi.json', 'api', '__proto__', 'constructor'),
  fc.constantFrom('toString', 'hasOwnProperty', 'valueOf', '', '.', '..', '%2e', 'v1x'),
  fc.string({ maxLength: 8 }),
)
const path = fc.array(segment, { maxLength: 5 }).map((parts) => `/${parts.join('/')}`)

describe('the zones of the mock', () => {
  it('tells the API, the control API and the document apart, and nothing else', () => {
    expect(
      ['/v1', '/v1/pets', '/__mock', '/__mock/reset', '/openapi.json', '/', '/v10', '/x'].map(
        zoneOf,
      ),
    ).toEqual(['api', 'api', 'admin', 'admin', 'document', undefined, undefined, undefined])
  })

  it('finds a path under the base path, or says it lies outside, for any path', () => {
    fc.assert(
      fc.property(fc.constantFrom('', '/api', '/a/b'), path, (basePath, requested) => {
        const inside = underBase(basePath, requested)
        if (inside === undefined) {
          expect(requested === basePath || requested.startsWith(`${basePath}/`)).toBe(false)
        } else {
          expect(inside.startsWith('/')).toBe(true)
          if (requested === basePath) expect(inside).toBe('/')
          else expect(`${basePath}${inside}`).toBe(requested)
        }
      }),
      { numRuns: 500, seed: 27 },
    )
  })

  it('names where the API, its document and the dashboard live in the 404 of a path outside it', () => {
    const error = outsideApi('/api', '/nope', true)
    expect([error.code, error.status, error.message]).toEqual([
      'route_not_found',
      404,
      'No operation at /nope; the API lives under /api/v1, its OpenAPI document at /api/openapi.json, the dashboard at /api/__mock/.',
    ])
    expect(outsideApi('', '/', false).message).toBe(
      'No operation at /; the API lives under /v1, its OpenAPI document at /openapi.json.',
    )
  })
})
