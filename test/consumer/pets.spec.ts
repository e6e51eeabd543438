/**
 * What a project that installs `petstore-mock` beside msw writes: the
 * handlers in msw's `setupServer`, the global `fetch` as the client. Run by
 * `test/package.test.ts` inside a fresh project, once per msw major.
 */
import assert from 'node:assert/strict'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { after, afterEach, before, test } from 'node:test'
import { HttpResponse, http } from 'msw'
import { setupServer } from 'msw/node'
import { createPetstore, type ErrorBody, failOnUnhandled, NewPet, Pet } from 'petstore-mock'
import { z } from 'zod'

const API = 'https://petstore.example.com/v1'
const auth = { authorization: 'Bearer sk_test_free' }

const petstore = createPetstore({ seed: 7 })
const server = setupServer(...petstore.handlers)

// Type-checked and run against msw 2 and msw 3: one option object fits both.
before(() => server.listen(failOnUnhandled))
afterEach(async () => {
  server.resetHandlers()
  await petstore.reset()
})
after(() => server.close())

test('lists the seeded pets with a key', async () => {
  const response = await fetch(`${API}/pets?limit=5`, { headers: auth })
  assert.equal(response.status, 200)
  assert.equal(response.headers.get('content-type'), 'application/json')
  assert.equal(response.headers.get('x-ratelimit-limit'), '60')
  const pets = (await response.json()) as Array<Pet>
  assert.equal(pets.length, 5)
  assert.deepEqual(
    pets.map((pet) => pet.id),
    pets.map((pet) => pet.id).sort((a, b) => a - b),
  )
})

test('answers 401 with an Error body without a key', async () => {
  const response = await fetch(`${API}/pets`)
  assert.equal(response.status, 401)
  assert.equal(response.headers.get('www-authenticate'), 'Bearer realm="petstore"')
  const error = (await response.json()) as ErrorBody
  assert.equal(error.code, 'unauthorized')
  assert.equal(error.status, 401)
})

test('creates a pet, then reads it back', async () => {
  const [first] = (await (
    await fetch(`${API}/pets?limit=1`, { headers: auth })
  ).json()) as Array<Pet>
  assert.ok(first)
  const created = await fetch(`${API}/pets`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Biscuit', categoryId: first.categoryId }),
  })
  assert.equal(created.status, 201)
  const pet = (await created.json()) as Pet
  assert.equal(pet.name, 'Biscuit')
  assert.equal(pet.categoryId, first.categoryId)

  const read = await fetch(`${API}/pets/${pet.id}`, { headers: auth })
  assert.equal(read.status, 200)
  assert.deepEqual(await read.json(), pet)
  assert.ok(read.headers.get('deprecation'))
})

test('reset() restores the seeded data', async () => {
  const seeded = petstore.state().data.pets
  const created = await fetch(`${API}/pets`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Temporary', categoryId: 1 }),
  })
  assert.equal(created.status, 201)
  const pet = (await created.json()) as Pet
  assert.equal(petstore.state().data.pets, seeded + 1)

  await petstore.reset()
  assert.equal(petstore.state().data.pets, seeded)
  const gone = await fetch(`${API}/pets/${pet.id}`, { headers: auth })
  assert.equal(gone.status, 404)
  assert.equal(((await gone.json()) as ErrorBody).status, 404)
})

test('server.use() overrides one operation for one test', async () => {
  server.use(http.get(`${API}/pets`, () => HttpResponse.json([])))
  const response = await fetch(`${API}/pets`, { headers: auth })
  assert.deepEqual(await response.json(), [])
})

test("the exported schemas compose with the project's own zod", async () => {
  const response = await fetch(`${API}/pets?limit=3`, { headers: auth })
  const pets = z.array(Pet).parse(await response.json())
  assert.equal(pets.length, 3)
  const refused = NewPet.safeParse({ name: '', categoryId: 1 })
  assert.equal(refused.success, false)
  assert.ok(refused.error instanceof z.ZodError)
  assert.ok(Pet instanceof z.ZodObject)
})

test('fails a request no handler answers, where msw would otherwise let it through', async () => {
  const elsewhere = createServer((_request, response) => response.end('reached'))
  await new Promise<void>((done) => elsewhere.listen(0, '127.0.0.1', done))
  const { port } = elsewhere.address() as AddressInfo
  try {
    await assert.rejects(fetch(`http://127.0.0.1:${port}/`))
  } finally {
    elsewhere.close()
  }
})
