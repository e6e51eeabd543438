import { describe, expect, it } from 'vitest'
import { withFetch } from '../adapter/fetch/fetch-transport.ts'
import { coverageCells } from '../core/coverage/coverage-model.ts'
import { ERROR_CODES } from '../spec/error-codes.ts'
import { NewPet } from '../spec/new-pet.ts'
import { PARAMETERS } from '../spec/params.ts'
import { ROUTES } from '../spec/routes.ts'
import { createPetstoreCore } from './create-petstore-core.ts'

/** The responses of each operation, as the served document lists them: `operationId:status`. */
async function servedResponses(): Promise<Array<string>> {
  const core = withFetch(createPetstoreCore())
  const response = await core.fetch(new Request('http://localhost/openapi.json'))
  const document = (await response.json()) as {
    paths: Record<string, Record<string, { operationId: string; responses: object }>>
  }
  return Object.values(document.paths).flatMap((methods) =>
    Object.values(methods).flatMap(({ operationId, responses }) =>
      Object.keys(responses).map((status) => `${operationId}:${status}`),
    ),
  )
}

describe('the coverage model', () => {
  const cells = coverageCells()

  it('has a cell for every response the served OpenAPI document lists, and none it does not', async () => {
    const served = await servedResponses()
    const modelled = [...new Set(cells.map((cell) => `${cell.operation}:${cell.status}`))]
    expect(modelled.sort()).toEqual([...served].sort())
  })

  it('names each cell <operationId>:<status>:<state>, once', () => {
    const ids = cells.map((cell) => cell.id)
    expect(new Set(ids).size).toBe(ids.length)
    for (const cell of cells) {
      expect(cell.id).toBe(`${cell.operation}:${cell.status}:${cell.state}`)
      expect(cell.state).toMatch(/^[a-z]+(?:-[a-z]+)*$/)
    }
    expect(ids).toEqual(
      expect.arrayContaining([
        'getPet:404:not-found',
        'listPets:429:rate-limited',
        'listPets:200:empty',
        'listPets:200:page-full',
        'getPet:200:deprecated',
        'getPet:400:non-integer-id',
        'createPet:413:body-too-large',
        'createPet:415:wrong-media-type',
        'listPets:401:key-missing',
        'listPets:401:key-unknown',
        'listPets:429:key-banned',
        'listPets:500:server-error',
        'listPets:503:unavailable',
        'listPets:200:slow',
      ]),
    )
  })

  it('has a state for each status filter and each NewPet field that refuses a create', () => {
    for (const operation of ['listPets', 'listOrders'] as const) {
      for (const status of PARAMETERS[operation].query.status.options) {
        expect(cells.map((cell) => cell.id)).toContain(`${operation}:200:status-${status}`)
      }
    }
    const refused = cells.filter((cell) => cell.operation === 'createPet' && cell.status === 400)
    expect(refused.map((cell) => cell.state)).toEqual([
      ...Object.keys(NewPet.shape).map((field) =>
        field === 'categoryId' ? 'invalid-category-id' : `invalid-${field}`,
      ),
      'unknown-category',
      'invalid-json',
    ])
  })

  it('forces every error cell with an Error code of its own status', () => {
    for (const cell of cells) {
      if (cell.force.kind === 'error') expect(ERROR_CODES[cell.force.code]).toBe(cell.status)
      else expect(cell.status).toBeLessThan(300)
    }
  })

  it('labels cells in words, with the request a forced answer waits for', () => {
    for (const cell of cells) {
      expect(cell.label).toMatch(/^[a-z][a-z ()',.-]*[a-z)]$/i)
      expect(cell.label).not.toMatch(/_|:/)
      const route = ROUTES.find((candidate) => candidate.operationId === cell.operation)
      expect(cell.request).toBe(`${route?.method} ${route?.path}`)
      expect(cell.providerState.length).toBeGreaterThan(0)
    }
  })
})
