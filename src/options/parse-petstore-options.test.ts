import { describe, expect, it } from 'vitest'
import { createPetstore } from '../create-petstore.ts'
import { PetstoreError } from '../errors/petstore-error.ts'
import { DEFAULTS } from './defaults.ts'
import { parsePetstoreOptions } from './parse-petstore-options.ts'

describe('parsePetstoreOptions', () => {
  it('fills in the defaults from the one defaults object', () => {
    expect(parsePetstoreOptions({})).toEqual({
      seed: DEFAULTS.seed,
      pets: DEFAULTS.pets,
      orders: DEFAULTS.orders,
      categories: DEFAULTS.categories,
      cors: DEFAULTS.cors,
      admin: DEFAULTS.admin,
    })
  })

  it.each<[Record<string, unknown>, string]>([
    [{ pets: -1 }, '`pets` must be a whole number from 0 to 100000, got -1'],
    [{ orders: 1.5 }, '`orders` must be a whole number from 0 to 100000, got 1.5'],
    [{ seed: Number.NaN }, '`seed` must be a whole number'],
    [{ categories: 0 }, 'pets need at least one category'],
    [{ maxPets: -1 }, '`maxPets` must be a whole number from 0, got -1'],
    [{ cors: 'yes' }, '`cors` must be true or false'],
    [{ baseUrl: '/v1' }, 'baseUrl "/v1" is not an absolute URL'],
    [{ baseUrl: 42 }, '`baseUrl` must be an absolute URL'],
  ])('refuses %o with a ConfigError naming the option', (options, message) => {
    let error: unknown
    try {
      parsePetstoreOptions(options)
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(PetstoreError)
    expect(error).toMatchObject({ name: 'ConfigError', code: 'ERR_PETSTORE_INVALID_OPTION' })
    expect((error as Error).message).toMatch(/^\[petstore-mock\] Failed to create the petstore: /)
    expect((error as Error).message).toContain(message)
  })

  it('is what createPetstore validates with', () => {
    expect(() => createPetstore({ pets: -1 })).toThrow('`pets` must be a whole number')
    expect(() => createPetstore({ categories: 0, pets: 0 })).not.toThrow()
  })
})
