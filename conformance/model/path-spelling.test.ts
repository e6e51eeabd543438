import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { anySpelling, ONE_OF_EACH, spellPath } from '../probes/path-spellings.ts'
import { kitPath, operations } from './kit-routes.ts'
import { pathSpelling } from './path-spelling.ts'

const OPERATIONS = ['listPets', 'createPet', 'getPet', 'listOrders'] as const

describe('a spelling of a path is read back as the path and how it was spelled (RFC 3986 §6)', () => {
  it.each([
    ['/pets', '/pets', []],
    ['/pets/', '/pets', ['trailing-slash']],
    ['//pets', '/pets', ['doubled-slash']],
    ['/pets//7', '/pets/7', ['doubled-slash']],
    ['/./pets', '/pets', ['dot-segment']],
    ['/x/../store/orders', '/store/orders', ['dot-segment']],
    ['/%2E/pets', '/pets', ['dot-segment', 'encoded']],
    ['/%70ets', '/pets', ['encoded']],
    ['/store/%6frders', '/store/orders', ['encoded']],
    ['/PETS/7', '/pets/7', ['case']],
    ['/Store/ORDERS/', '/store/orders', ['trailing-slash', 'case']],
  ])('%s is %s spelled %j', (written, path, kinds) => {
    expect(pathSpelling(written)).toEqual({ path, kinds: expect.arrayContaining(kinds) })
    expect(pathSpelling(written)?.kinds).toHaveLength(kinds.length)
  })

  it('keeps the id as written: its spellings are the id’s (`shape.path-id`)', () => {
    expect(pathSpelling('/pets/%37')).toEqual({ path: '/pets/%37', kinds: [] })
    expect(pathSpelling('/pets/7a')).toEqual({ path: '/pets/7a', kinds: [] })
  })

  it('reads no operation in a path that is none', () => {
    for (const path of ['/', '/pet', '/pets/7/8', '/store', '/orders', '/x/pets', 'pets', '/..'])
      expect(pathSpelling(path), path).toBeUndefined()
  })

  it('reads every generated spelling of every operation back as it, with the kinds used', () => {
    fc.assert(
      fc.property(fc.constantFrom(...OPERATIONS), anySpelling, (operation, { kinds, at }) => {
        const path = kitPath(operation, { petId: 42 })
        const spelled = spellPath(operations[operation].path, path, kinds, at)
        expect(spelled).not.toBe(path)
        expect(pathSpelling(spelled)).toEqual({ path, kinds: expect.arrayContaining(kinds) })
        expect(pathSpelling(spelled)?.kinds).toHaveLength(kinds.length)
      }),
      { seed: 34, numRuns: 500 },
    )
  })

  it('sends one spelling of each kind, both forms of a dot segment', () => {
    expect(ONE_OF_EACH.map(({ kinds, at }) => spellPath('/pets', '/pets', kinds, at))).toEqual([
      '/pets/',
      '//pets',
      '/./pets',
      '/x/../pets',
      '/%70ets',
      '/PETS',
    ])
  })
})
