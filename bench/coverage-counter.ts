/**
 * What counting traffic coverage costs in process, where no HTTP, load
 * generator or other process adds noise: `app.handle` of the same requests by
 * a mock that counts (the control API on, the default) and by one that does
 * not (`coverage: false`: no counter exists; the control API stays), in
 * alternating rounds of one run. Both keep the journal. The routes are those of `bench/coverage-cost.ts`:
 * a full page of 100 pets, the deprecated pet (its headers are read), a 404.
 * Prints µs per request, the counter's own cost (their difference) and the
 * ratio "counted against not counted" of `app.handle` alone. The 5 % the
 * counter may cost is of the server's req/s, whose CPU per request
 * (`bench/coverage-cost.ts`, with HTTP) is several times `app.handle`'s: read
 * the counter's µs against that. Compare ratios, not absolute numbers,
 * across machines.
 *
 * @example
 * node_modules/.bin/node bench/coverage-counter.ts
 */

import { createPetstore } from '../src/adapter/msw/create-petstore.ts'
import type { MockRequest } from '../src/base/http/types.ts'
import { median } from './run-bench.ts'

const ROUNDS = 11
const OPS = 4_000
// Limits no run reaches, so that every request gets the answer it asks for.
const keys = { sk_bench: { plan: 'enterprise' as const, perMinute: 1e12, perDay: 1e15 } }
const headers = new Headers({ authorization: 'Bearer sk_bench' })

const ROUTES: Array<{ name: string; path: string; query: string; status: number }> = [
  { name: 'list, full page (limit=100)', path: '/v1/pets', query: 'limit=100', status: 200 },
  { name: 'pet, deprecated (GET /v1/pets/1)', path: '/v1/pets/1', query: '', status: 200 },
  { name: 'pet not found (404)', path: '/v1/pets/999999', query: '', status: 404 },
]

function requestOf(path: string, query: string): MockRequest {
  return {
    method: 'GET',
    path,
    query: new URLSearchParams(query),
    headers,
    body: null,
    clientAddress: '127.0.0.1',
  }
}

const counted = createPetstore({ keys, pets: 150, seed: 1 })
const notCounted = createPetstore({ keys, pets: 150, seed: 1, coverage: false })
await Promise.all([counted.ready, notCounted.ready])

async function usPerRequest(
  petstore: typeof counted,
  path: string,
  query: string,
): Promise<number> {
  const started = process.hrtime.bigint()
  for (let i = 0; i < OPS; i++) await petstore.app.handle(requestOf(path, query))
  return Number(process.hrtime.bigint() - started) / OPS / 1000
}

console.log(
  `Coverage counting in process: app.handle, ${OPS} requests a run, ${ROUNDS} rounds (medians), Node ${process.version}`,
)
for (const route of ROUTES) {
  for (const petstore of [counted, notCounted]) {
    const response = await petstore.app.handle(requestOf(route.path, route.query))
    if (response.status !== route.status) {
      throw new Error(`${route.name} answered ${response.status}, not ${route.status}`)
    }
  }
  const times = { counted: [] as Array<number>, notCounted: [] as Array<number> }
  for (let round = 0; round < ROUNDS; round++) {
    // Alternating which goes first, so that neither always runs on a warmer machine.
    const order =
      round % 2 === 0 ? (['counted', 'notCounted'] as const) : (['notCounted', 'counted'] as const)
    for (const which of order) {
      const petstore = which === 'counted' ? counted : notCounted
      times[which].push(await usPerRequest(petstore, route.path, route.query))
    }
  }
  const on = median(times.counted)
  const off = median(times.notCounted)
  console.log(
    `${route.name.padEnd(34)} counted ${on.toFixed(2)} µs, not counted ${off.toFixed(2)} µs: the counter ${(on - off).toFixed(2)} µs a request; app.handle alone ${(off / on).toFixed(3)}x`,
  )
}
const cells = (await counted.coverage()).cells.filter((cell) => cell.met > 0)
console.log(
  `cells met on the counting mock: ${cells.map((cell) => `${cell.id} (${cell.met})`).join(', ')}`,
)
