import zlib from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { toCurl } from '../model/to-curl.ts'
import { fakeClock } from '../test-utils/fake-clock.ts'
import { createRateLimitPacer } from './rate-limit-pacer.ts'
import { decode } from './undici-transport.ts'

describe('responses to concurrent requests, in any order', () => {
  it('keep the lowest Remaining of a window, so the next request waits', async () => {
    const time = fakeClock()
    const pacer = createRateLimitPacer({ ...time, marginMs: 0 })
    const reset = 1_767_225_610
    pacer.afterResponse('valid', { limit: 60, remaining: 3, reset })
    await Promise.all([
      pacer.beforeSend('valid'),
      pacer.beforeSend('valid'),
      pacer.beforeSend('valid'),
    ])
    // The answers arrive out of order: 0 first, then 2 and 1.
    for (const remaining of [0, 2, 1]) {
      pacer.afterResponse('valid', { limit: 60, remaining, reset })
    }
    await pacer.beforeSend('valid')
    expect(time.sleeps).toEqual([10_000])
  })

  it('take a new window as it comes', async () => {
    const time = fakeClock()
    const pacer = createRateLimitPacer(time)
    pacer.afterResponse('valid', { limit: 60, remaining: 0, reset: 1_767_225_610 })
    pacer.afterResponse('valid', { limit: 60, remaining: 59, reset: 1_767_225_670 })
    await pacer.beforeSend('valid')
    expect(time.sleeps).toEqual([])
  })
})

describe('compressed bodies', () => {
  const json = '[{"id":9007199254740993,"name":"Rex","categoryId":1}]'

  it('decodes gzip, deflate (zlib and raw), br and lists of them', async () => {
    expect((await decode(zlib.gzipSync(json), 'gzip', 1024)).body).toBe(json)
    expect((await decode(zlib.deflateSync(json), 'deflate', 1024)).body).toBe(json)
    expect((await decode(zlib.deflateRawSync(json), 'deflate', 1024)).body).toBe(json)
    expect((await decode(zlib.brotliCompressSync(json), 'br', 1024)).body).toBe(json)
    expect((await decode(Buffer.from(json), undefined, 1024)).body).toBe(json)
    const both = zlib.brotliCompressSync(zlib.gzipSync(json))
    expect((await decode(both, 'gzip, br', 1024)).body).toBe(json)
    expect((await decode(both, 'identity, GZIP ,br', 1024)).body).toBe(json)
  })

  it('never inflates beyond the body bound', async () => {
    const bomb = zlib.gzipSync(Buffer.alloc(10 * 1024 * 1024))
    expect(await decode(bomb, 'gzip', 1024 * 1024)).toEqual({ body: '', truncated: true })
  })

  it('names a body it cannot decode, for the JSON checks to report', async () => {
    expect((await decode(Buffer.from('not gzip'), 'gzip', 1024)).body).toMatch(/not valid gzip/)
    expect((await decode(Buffer.from('x'), 'zstd', 1024)).body).toMatch(
      /unknown Content-Encoding "zstd"/,
    )
  })

  it('curl reproduces Accept-Encoding with --compressed', () => {
    expect(
      toCurl({
        method: 'GET',
        url: 'http://127.0.0.1:4010/v1/pets/9007199254740993',
        headers: { Accept: 'application/json', 'Accept-Encoding': 'gzip, deflate, br' },
      }),
    ).toBe(
      "curl -i http://127.0.0.1:4010/v1/pets/9007199254740993 -H 'Accept: application/json' --compressed",
    )
  })
})
