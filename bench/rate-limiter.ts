/**
 * What rate limiting costs per request: `app.handle` of `GET /v1/pets` with
 * the limiter enforcing vs switched off (which still counts and sends the
 * headers), and the limiter's `hit` alone. Prints ns per operation and ratios
 * within one run; compare ratios, not absolute numbers, across machines.
 *
 * @example
 * node_modules/.bin/node bench/rate-limiter.ts
 */

import { createPetstore } from '../src/adapter/msw/create-petstore.ts'
import { systemClock } from '../src/base/clock/clock.ts'
import type { MockRequest } from '../src/base/http/types.ts'
import { createRateLimiter } from '../src/core/plans/create-rate-limiter.ts'
import { PLANS } from '../src/spec/plans.ts'
import { median } from './run-bench.ts'

const ROUNDS = 9
const HANDLE_OPS = 20_000
const HIT_OPS = 1_000_000
// Limits no run reaches, so that every request is answered 200 in both modes.
const keys = { sk_bench: { plan: 'enterprise' as const, perMinute: 1e12, perDay: 1e15 } }
const headers = new Headers({ authorization: 'Bearer sk_bench' })

function listPets(): MockRequest {
  return {
    method: 'GET',
    path: '/v1/pets',
    query: new URLSearchParams('limit=20'),
    headers,
    body: null,
    clientAddress: '127.0.0.1',
  }
}

async function perOp(run: () => Promise<unknown> | unknown, ops: number): Promise<number> {
  const started = process.hrtime.bigint()
  for (let i = 0; i < ops; i++) await run()
  return Number(process.hrtime.bigint() - started) / ops
}

function perOpSync(run: (i: number) => unknown, ops: number): number {
  const started = process.hrtime.bigint()
  for (let i = 0; i < ops; i++) run(i)
  return Number(process.hrtime.bigint() - started) / ops
}

const enforcing = createPetstore({ keys, onError: (error) => console.error(error) })
const counting = createPetstore({ keys, rateLimit: { enabled: false } })
await Promise.all([enforcing.ready, counting.ready])
for (const petstore of [enforcing, counting]) {
  const response = await petstore.app.handle(listPets())
  if (response.status !== 200) throw new Error(`GET /v1/pets answered ${response.status}`)
}
const limiter = createRateLimiter(systemClock)
const manyClients = createRateLimiter(systemClock)
const names = Array.from({ length: 1_000 }, (_, i) => `address:10.0.${i >> 8}.${i & 255}`)
const big = { perMinute: 1e12, perDay: 1e15 }

const results = {
  handleEnforcing: [] as Array<number>,
  handleCounting: [] as Array<number>,
  hitOneClient: [] as Array<number>,
  hitThousandClients: [] as Array<number>,
}
// Warm-up, then rounds that alternate the variants so that drift hits all of them.
await perOp(() => enforcing.app.handle(listPets()), HANDLE_OPS)
await perOp(() => counting.app.handle(listPets()), HANDLE_OPS)
perOpSync(() => limiter.hit('key:sk_bench', big), HIT_OPS)
for (let round = 0; round < ROUNDS; round++) {
  results.handleEnforcing.push(await perOp(() => enforcing.app.handle(listPets()), HANDLE_OPS))
  results.handleCounting.push(await perOp(() => counting.app.handle(listPets()), HANDLE_OPS))
  results.hitOneClient.push(perOpSync(() => limiter.hit('key:sk_bench', big), HIT_OPS))
  results.hitThousandClients.push(
    perOpSync((i) => manyClients.hit(names[i % 1_000] as string, PLANS.enterprise), HIT_OPS),
  )
}

const enforcingNs = median(results.handleEnforcing)
const countingNs = median(results.handleCounting)
const hitNs = median(results.hitOneClient)
const hitManyNs = median(results.hitThousandClients)
const line = (name: string, ns: number) => `  ${name.padEnd(50)} ${ns.toFixed(0).padStart(7)} ns/op`
console.log(`rate limiter cost (median of ${ROUNDS} rounds, Node ${process.version})`)
console.log(line('app.handle GET /v1/pets, rate limit enforcing', enforcingNs))
console.log(line('app.handle GET /v1/pets, rateLimit.enabled false', countingNs))
console.log(line('limiter.hit, one client', hitNs))
console.log(line('limiter.hit, 1,000 clients in turn', hitManyNs))
console.log('ratios')
console.log(`  enforcing / switched off:              ${(enforcingNs / countingNs).toFixed(3)}`)
console.log(
  `  hit (one client) / handle (enforcing): ${((hitNs / enforcingNs) * 100).toFixed(2)} %`,
)
console.log(
  `  hit (1,000 clients) / handle:          ${((hitManyNs / enforcingNs) * 100).toFixed(2)} %`,
)
