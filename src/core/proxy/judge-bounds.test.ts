import { request } from 'undici'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { type RunningServer, startServer } from '../../adapter/node/start-server.ts'
import { ResponsePet } from '../../judge/response-schemas.ts'
import { LIST_LIMIT, MAX_JUDGED_BYTES } from '../../spec/limits.ts'
import { type RawServer, startRawServer } from '../../test-utils/raw-server.ts'

/**
 * What the proxy does with an upstream answer on the main thread grows with
 * its size and no faster, and stops at a bound: a huge answer is passed on
 * whole, but the judge reads no more than `MAX_JUDGED_BYTES` of it, reads
 * each number exactly only when it is short, and reads at most one item more
 * than a valid page as a Pet. Proven by what the work is given, not by time
 * (`node bench/upstream-stall.ts` measures the event loop's delay).
 */

const KEY = { authorization: 'Bearer sk_test_free' }
let body = ''
let upstream: RawServer
let mock: RunningServer

beforeAll(async () => {
  upstream = await startRawServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'application/json' }).end(body),
  )
  mock = await startServer({ port: 0, proxy: `${upstream.url}/v1` })
})
afterAll(async () => {
  await mock.close()
  await upstream.close()
})

/** Proxies `text` as the answer to `GET /v1/pets`, recording the length of every text `read` is given meanwhile. */
async function proxied(
  text: string,
  spied: { target: object; name: string },
): Promise<{ lengths: Array<number>; received: number; checks: Array<string> }> {
  body = text
  const lengths: Array<number> = []
  const target = spied.target as Record<string, (...args: Array<unknown>) => unknown>
  const original = target[spied.name] as (...args: Array<unknown>) => unknown
  const spy = vi.spyOn(target, spied.name as never).mockImplementation(((
    ...args: Array<unknown>
  ) => {
    lengths.push(typeof args[0] === 'string' ? args[0].length : 1)
    return original.apply(target, args)
  }) as never)
  try {
    const response = await request(`${mock.url}/v1/pets`, { headers: KEY })
    const received = Buffer.from(await response.body.arrayBuffer()).byteLength
    expect(response.statusCode).toBe(200)
    const entry = mock.petstore.requests().at(-1)
    return {
      lengths,
      received,
      checks: (entry?.violations ?? []).map((violation) => violation.check),
    }
  } finally {
    spy.mockRestore()
  }
}

describe('the judge of a huge upstream answer', () => {
  it('passes a body over the bound on whole, and parses none of it beyond the bound', async () => {
    const text = '1'.repeat(7 * 1024 * 1024)
    const { lengths, received } = await proxied(text, { target: JSON, name: 'parse' })
    expect(received).toBe(text.length)
    expect(Math.max(0, ...lengths)).toBeLessThanOrEqual(MAX_JUDGED_BYTES)
  })

  it('makes no bigint of a long literal', async () => {
    const text = `[${Array.from({ length: 300 }, () => '9'.repeat(800)).join(',')}]`
    const { lengths, checks } = await proxied(text, { target: globalThis, name: 'BigInt' })
    expect(Math.max(0, ...lengths)).toBeLessThanOrEqual(421)
    expect(checks).toContain('list.schema')
  })

  it('reads at most one item more than a valid page as a Pet, once per answer', async () => {
    const text = JSON.stringify(Array.from({ length: 20_000 }, (_, index) => index))
    const { lengths, checks } = await proxied(text, { target: ResponsePet, name: 'safeParse' })
    expect(lengths.length).toBeLessThanOrEqual(LIST_LIMIT.max + 1)
    expect(checks).toEqual(expect.arrayContaining(['list.schema', 'list.max-items']))
  })
})
