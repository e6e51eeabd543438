import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createPetstore, type Petstore } from '../../adapter/msw/create-petstore.ts'
import { ERROR_CODES } from '../../spec/error-codes.ts'
import type { Pet } from '../../spec/pet.ts'
import { createStore } from './create-store.ts'
import { seedData } from './seed-data.ts'

const AUTH = { authorization: 'Bearer sk_test_enterprise' }
const STATUSES = ['available', 'pending', 'sold'] as const
const SEED = { seed: 3, pets: 12, orders: 4, rateLimit: { enabled: false } }

type Command =
  | { kind: 'create'; count: number; status?: (typeof STATUSES)[number] }
  | { kind: 'list'; status?: (typeof STATUSES)[number]; limit: number }
  | { kind: 'get'; id: number }
  | { kind: 'reset' }
  | { kind: 'dbCreate'; id: number; status: (typeof STATUSES)[number] }
  | { kind: 'dbUpdate'; id: number; status: (typeof STATUSES)[number] }
  | { kind: 'dbDelete'; id: number }
  | { kind: 'dbClear' }

const status = fc.constantFrom(...STATUSES)
const id = fc.integer({ min: 1, max: 40 })
const weighted = <T>(weight: number, arbitrary: fc.Arbitrary<T>) => ({ weight, arbitrary })
// Few limits, so that cached pages are read again after the changes that reach them (or not).
const limit = fc.constantFrom(3, 100)
const command: fc.Arbitrary<Command> = fc.oneof(
  weighted(
    3,
    fc.record({ kind: fc.constant('create'), count: fc.integer({ min: 1, max: 4 }), status }),
  ),
  weighted(3, fc.record({ kind: fc.constant('list'), status, limit })),
  weighted(3, fc.record({ kind: fc.constant('list'), limit })),
  weighted(2, fc.record({ kind: fc.constant('get'), id })),
  weighted(1, fc.constant({ kind: 'reset' as const })),
  weighted(
    2,
    fc.record({ kind: fc.constant('dbCreate'), id: fc.integer({ min: 13, max: 40 }), status }),
  ),
  weighted(2, fc.record({ kind: fc.constant('dbUpdate'), id, status })),
  weighted(2, fc.record({ kind: fc.constant('dbDelete'), id })),
  weighted(1, fc.constant({ kind: 'dbClear' as const })),
)

async function send(petstore: Petstore, path: string, init: RequestInit = {}) {
  const response = await petstore.fetch(
    new Request(`http://petstore.test${path}`, {
      ...init,
      headers: { ...AUTH, 'content-type': 'application/json' },
    }),
  )
  return { status: response.status, body: await response.json() }
}

const byId = (a: Pet, b: Pet) => a.id - b.id

describe('createStore', () => {
  it('serves what a sorted model holds under interleaved creates, lists, gets, resets and db writes', async () => {
    const seeded = seedData(SEED).pets
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 10, maxLength: 40 }), async (commands) => {
        const petstore = createPetstore(SEED)
        await petstore.ready
        const model = new Map<number, Pet>(seeded.map((pet) => [pet.id, pet]))
        let nextId = 13
        for (const step of commands) {
          if (step.kind === 'create') {
            // Concurrent creates: each gets its own increasing id.
            const results = await Promise.all(
              Array.from({ length: step.count }, (_, n) =>
                send(petstore, '/v1/pets', {
                  method: 'POST',
                  body: JSON.stringify({ name: `New ${n}`, categoryId: 1, status: step.status }),
                }),
              ),
            )
            for (const result of results) {
              expect(result.status).toBe(201)
              expect(result.body.id).toBeGreaterThanOrEqual(nextId)
              model.set(result.body.id, result.body)
              nextId = Math.max(nextId, result.body.id + 1)
            }
          } else if (step.kind === 'list') {
            const query = `limit=${step.limit}${step.status ? `&status=${step.status}` : ''}`
            const result = await send(petstore, `/v1/pets?${query}`)
            const expected = [...model.values()]
              .filter((pet) => step.status === undefined || pet.status === step.status)
              .sort(byId)
              .slice(0, step.limit)
            expect(result.body).toEqual(expected)
          } else if (step.kind === 'get') {
            const result = await send(petstore, `/v1/pets/${step.id}`)
            const pet = model.get(step.id)
            expect(result.status).toBe(pet ? 200 : 404)
            if (pet) expect(result.body).toEqual(pet)
          } else if (step.kind === 'reset') {
            await petstore.reset()
            model.clear()
            for (const pet of seeded) model.set(pet.id, pet)
            nextId = 13
          } else if (step.kind === 'dbCreate') {
            if (model.has(step.id)) continue
            const pet = { id: step.id, name: 'Arranged', categoryId: 2, status: step.status }
            await petstore.db.pets.create(pet)
            model.set(pet.id, pet)
            nextId = Math.max(nextId, pet.id + 1)
          } else if (step.kind === 'dbUpdate') {
            const pet = model.get(step.id)
            if (!pet) continue
            await petstore.db.pets.update((q) => q.where({ id: step.id }), {
              data(draft) {
                draft.status = step.status
              },
            })
            model.set(pet.id, { ...pet, status: step.status })
          } else if (step.kind === 'dbDelete') {
            petstore.db.pets.delete((q) => q.where({ id: step.id }))
            model.delete(step.id)
          } else {
            petstore.db.pets.clear()
            await Promise.resolve()
            model.clear()
          }
          expect(petstore.db.pets.count()).toBe(model.size)
          expect(petstore.state().data.pets).toBe(model.size)
        }
      }),
      { seed: 7, numRuns: 80 },
    )
  })

  it('answers 507 storage_full beyond maxPets, changes nothing, and is freed by reset', async () => {
    const petstore = createPetstore({ ...SEED, maxPets: 14 })
    await petstore.ready
    const create = () =>
      petstore.fetch(
        new Request('http://petstore.test/v1/pets', {
          method: 'POST',
          headers: { ...AUTH, 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'Rex', categoryId: 1 }),
        }),
      )
    expect((await create()).status).toBe(201)
    expect((await create()).status).toBe(201)
    const before = JSON.stringify(petstore.db.pets.all())
    const full = await create()
    expect(full.status).toBe(507)
    expect(ERROR_CODES.storage_full).toBe(507)
    expect(await full.json()).toEqual({
      code: 'storage_full',
      message: expect.stringContaining('maximum of 14 pets'),
      status: 507,
    })
    expect(full.headers.get('content-type')).toMatch(/^application\/json/)
    for (const header of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset']) {
      expect(full.headers.get(header), header).toMatch(/^\d+$/)
    }
    expect(JSON.stringify(petstore.db.pets.all())).toBe(before)
    expect(petstore.state().data.pets).toBe(14)
    await petstore.reset()
    expect((await create()).status).toBe(201)
  })

  it('follows db.pets.clear(), which tells of only some of the records it drops', async () => {
    const petstore = createPetstore(SEED)
    await petstore.ready
    expect((await send(petstore, '/v1/pets?limit=100')).body).toHaveLength(12)
    petstore.db.pets.clear()
    await Promise.resolve()
    expect((await send(petstore, '/v1/pets?limit=100')).body).toEqual([])
    expect((await send(petstore, '/v1/pets/3')).status).toBe(404)
    expect(petstore.state().data.pets).toBe(0)
    await petstore.db.pets.create({ id: 7, name: 'Back', categoryId: 1, status: 'sold' })
    expect((await send(petstore, '/v1/pets?limit=100')).body).toEqual([
      { id: 7, name: 'Back', categoryId: 1, status: 'sold' },
    ])
  })

  it('refuses a db create of an id that is taken, and changes nothing', async () => {
    const petstore = createPetstore(SEED)
    await petstore.ready
    const before = (await send(petstore, '/v1/pets?limit=100')).body
    await expect(
      petstore.db.pets.create({ id: 1, name: 'Twin', categoryId: 1, status: 'sold' }),
    ).rejects.toMatchObject({
      code: 'ERR_PETSTORE_DUPLICATE_ID',
      message:
        '[petstore-mock] Failed to create a record in db.pets: id 1 is taken (update that record instead).',
    })
    expect((await send(petstore, '/v1/pets?limit=100')).body).toEqual(before)
    expect(petstore.state().data.pets).toBe(12)
    expect(petstore.db.pets.count()).toBe(12)
    // Nor an update that moves a record onto a taken id.
    await expect(
      petstore.db.pets.update((q) => q.where({ id: 2 }), {
        data(pet) {
          pet.id = 1
        },
      }),
    ).rejects.toMatchObject({ code: 'ERR_PETSTORE_DUPLICATE_ID' })
    expect((await send(petstore, '/v1/pets?limit=100')).body).toEqual(before)
    expect(petstore.state().data.pets).toBe(12)
    expect(petstore.db.pets.count()).toBe(12)
    expect(petstore.db.pets.findMany((q) => q.where({ id: 1 }))).toHaveLength(1)
  })

  it('caps at the seeded pets plus 100,000 by default, and rejects a bad maxPets', () => {
    expect(createStore().maxPets).toBe(Number.POSITIVE_INFINITY)
    expect(() => createPetstore({ maxPets: -1 })).toThrow('`maxPets` must be a whole number')
    expect(() => createPetstore({ maxPets: 1.5 })).toThrow('`maxPets` must be a whole number')
  })

  it('reloads the seeded data on reset without generating it again', async () => {
    const dataset = seedData({ pets: 5 })
    const store = createStore()
    await store.load(dataset)
    await store.createPet({ name: 'Rex', categoryId: 1 })
    expect(store.counts().pets).toBe(6)
    await store.load(dataset)
    expect(store.counts().pets).toBe(5)
    expect(dataset.pets).toHaveLength(5)
    expect(store.listPets({ limit: 100 })).toEqual(dataset.pets)
    expect((await store.createPet({ name: 'Rex', categoryId: 1 })).id).toBe(6)
  })
})
