import { setupWorker } from 'msw/browser'
import { createPetstore } from '../../src/index.ts'

// What an application does in the browser: start the worker with the
// petstore's handlers, then call the API with fetch.
const petstore = createPetstore({ seed: 7 })
const worker = setupWorker(...petstore.handlers)
await worker.start({
  onUnhandledRequest: 'bypass',
  onUnhandledFrame: 'bypass',
  quiet: true,
} as never)

const auth = { authorization: 'Bearer sk_test_free' }
const list = await fetch('/v1/pets?limit=2', { headers: auth })
const created = await fetch('/v1/pets', {
  method: 'POST',
  headers: { ...auth, 'content-type': 'application/json' },
  body: JSON.stringify({ name: 'Browser Rex', categoryId: 1 }),
})
const pet = await created.json()
const got = await fetch(`/v1/pets/${pet.id}`, { headers: auth })
const anonymous = await fetch('/v1/pets')
const forced = await fetch('/v1/pets', { headers: { ...auth, prefer: 'code=503' } })
// The collections load when first asked for; in a browser, through \`ready\`.
await petstore.ready
const dbPets = petstore.db.pets.count()

const result = {
  list: {
    status: list.status,
    remaining: list.headers.get('x-ratelimit-remaining'),
    body: await list.json(),
  },
  created: { status: created.status, body: pet },
  got: { status: got.status, sunset: got.headers.get('sunset'), body: await got.json() },
  anonymous: { status: anonymous.status, body: await anonymous.json() },
  forced: { status: forced.status, body: await forced.json() },
  db: { pets: dbPets },
}
Object.assign(window, { petstoreResult: result })
document.body.textContent = 'done'
