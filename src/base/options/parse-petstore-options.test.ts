import { describe, expect, it } from 'vitest'
import { createPetstore } from '../../adapter/msw/create-petstore.ts'
import { startServer } from '../../adapter/node/start-server.ts'
import { PetstoreError } from '../../errors/petstore-error.ts'
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
      coverage: DEFAULTS.coverage,
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

  it.each<[Record<string, unknown>, string]>([
    [{ bogus: true }, 'unknown option `bogus`'],
    [{ rateLimit: { foo: 1 } }, 'unknown option `rateLimit.foo`'],
    [{ enterprise: { perHour: 5 } }, 'unknown option `enterprise.perHour`'],
    [{ seed: 1, port: 0, quiet: true }, 'unknown option `port`, `quiet`'],
  ])('refuses the unknown name in %o with a ConfigError naming it', (options, message) => {
    expect(() => createPetstore(options as never)).toThrow(
      expect.objectContaining({
        name: 'ConfigError',
        code: 'ERR_PETSTORE_INVALID_OPTION',
        message: expect.stringContaining(
          `[petstore-mock] Failed to create the petstore: ${message} `,
        ),
      }),
    )
  })

  it('accepts every option, and the server options with them', async () => {
    const petstore = createPetstore({
      baseUrl: 'https://api.example.com',
      seed: 2,
      pets: 3,
      orders: 1,
      categories: 1,
      maxPets: 10,
      keys: { sk_me: 'pro' },
      enterprise: { perMinute: 5, perDay: 50 },
      rateLimit: { enabled: true, scale: 2, banAfter: 3, banDurationMs: 1_000, maxClients: 10 },
      clock: { now: () => 0 },
      cors: false,
      admin: false,
      coverage: false,
      onError: () => {},
      journalSize: 5,
      timers: { setInterval, clearInterval },
    })
    expect(petstore.state().data.pets).toBe(3)
    const mock = await startServer({
      port: 0,
      seed: 2,
      headersTimeoutMs: 5_000,
      requestTimeoutMs: 10_000,
      bodyTimeoutMs: 1_000,
      host: '127.0.0.1',
      allowedHosts: ['box.lan'],
      adminToken: 'admin-token',
      shutdownTimeoutMs: 1_000,
      log: () => {},
    })
    await mock.close()
    await expect(startServer({ port: 0, bogus: true } as never)).rejects.toThrow(
      'unknown option `bogus`',
    )
  })

  it('is what createPetstore validates with', () => {
    expect(() => createPetstore({ pets: -1 })).toThrow('`pets` must be a whole number')
    expect(() => createPetstore({ categories: 0, pets: 0 })).not.toThrow()
  })
})
