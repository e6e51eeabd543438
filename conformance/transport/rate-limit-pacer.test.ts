import { describe, expect, it } from 'vitest'
import { fakeClock } from '../test-utils/fake-clock.ts'
import { createRateLimitPacer, MAX_PACING_NOTES, WaitTooLongError } from './rate-limit-pacer.ts'

describe('createRateLimitPacer', () => {
  it('sends without waiting while Remaining is above zero', async () => {
    const time = fakeClock()
    const pacer = createRateLimitPacer(time)
    await pacer.beforeSend('valid')
    pacer.afterResponse('valid', { limit: 60, remaining: 2, reset: 1_767_225_660 })
    await pacer.beforeSend('valid')
    await pacer.beforeSend('valid')
    expect(time.sleeps).toEqual([])
  })

  it('waits for Reset once Remaining is zero, by the server clock', async () => {
    const time = fakeClock()
    const pacer = createRateLimitPacer({ ...time, marginMs: 250 })
    await pacer.beforeSend('valid')
    // The server's clock is 100 s ahead of ours: its Reset is 30 s away.
    pacer.afterResponse('valid', { limit: 60, remaining: 0, reset: 1_767_225_730 }, 1_767_225_700)
    await pacer.beforeSend('valid')
    expect(time.sleeps).toEqual([30_250])
  })

  it('uses the local clock without a Date header', async () => {
    const time = fakeClock()
    const pacer = createRateLimitPacer({ ...time, marginMs: 0 })
    pacer.afterResponse('valid', { limit: 60, remaining: 0, reset: 1_767_225_610 })
    await pacer.beforeSend('valid')
    expect(time.sleeps).toEqual([10_000])
  })

  it('keeps a bucket per credential', async () => {
    const time = fakeClock()
    const pacer = createRateLimitPacer(time)
    pacer.afterResponse('invalid', { limit: 60, remaining: 0, reset: 1_767_225_610 })
    pacer.afterResponse('valid', { limit: 60, remaining: 10, reset: 1_767_225_610 })
    await pacer.beforeSend('valid')
    expect(time.sleeps).toEqual([])
  })

  it('spaces requests at 60 a minute while the server sends no headers', async () => {
    const time = fakeClock()
    const pacer = createRateLimitPacer(time)
    await pacer.beforeSend('valid')
    pacer.afterResponse('valid', undefined)
    time.advance(200)
    await pacer.beforeSend('valid')
    pacer.afterResponse('valid', undefined)
    await pacer.beforeSend('valid')
    expect(time.sleeps).toEqual([800, 1000])
  })

  it('refuses to wait beyond the cap (e.g. a daily quota)', async () => {
    const time = fakeClock()
    const pacer = createRateLimitPacer({ ...time, maxWaitMs: 65_000 })
    pacer.afterResponse('valid', { limit: 1000, remaining: 0, reset: 1_767_225_600 + 3600 })
    await expect(pacer.beforeSend('valid')).rejects.toBeInstanceOf(WaitTooLongError)
  })

  it('says once per change of pacing state why, and names each unusable header once with its value', async () => {
    const time = fakeClock()
    const notes: Array<string> = []
    const waits: Array<string> = []
    const pacer = createRateLimitPacer({
      ...time,
      onNote: (text) => notes.push(text),
      onWait: (_ms, reason) => waits.push(reason),
    })
    const bad = {
      'x-ratelimit-limit': '60',
      'x-ratelimit-remaining': 'lots',
      'x-ratelimit-reset': '-5',
    }
    for (let i = 0; i < 50; i++) {
      await pacer.beforeSend('valid')
      pacer.observe('valid', i < 25 ? bad : { ...bad, 'x-ratelimit-reset': '-6' })
    }
    pacer.observe('valid', {
      'x-ratelimit-limit': '60',
      'x-ratelimit-remaining': '10',
      'x-ratelimit-reset': '1767225660',
    })
    pacer.observe('valid', {})
    expect(notes).toEqual([
      '[petstore-conformance] ignoring the header x-ratelimit-remaining: "lots" is not an integer',
      '[petstore-conformance] ignoring the header x-ratelimit-reset: "-5" is out of range (negative)',
      '[petstore-conformance] the key: pacing at 60 requests a minute after such answers: unusable x-ratelimit-remaining, x-ratelimit-reset',
      '[petstore-conformance] the key: pacing by the X-RateLimit-Remaining and X-RateLimit-Reset headers',
      '[petstore-conformance] the key: pacing at 60 requests a minute after such answers: answers carry no X-RateLimit-* headers',
    ])
    // The plain spacing of requests is no message of its own.
    expect(waits).toEqual([])
    expect(time.sleeps).toHaveLength(49)
  })

  it('one operation without X-RateLimit-Remaining: says which and what it does send, once, however often the pacing goes back and forth', async () => {
    const time = fakeClock()
    const notes: Array<string> = []
    const pacer = createRateLimitPacer({ ...time, onNote: (text) => notes.push(text) })
    const full = (remaining: number) => ({
      'x-ratelimit-limit': '60',
      'x-ratelimit-remaining': String(remaining),
      'x-ratelimit-reset': '1767225660',
    })
    const { 'x-ratelimit-remaining': _, ...lacking } = full(0)
    for (let i = 0; i < 46; i++) {
      await pacer.beforeSend('valid')
      pacer.observe('valid', full(59 - i), 'listPets')
      await pacer.beforeSend('valid')
      pacer.observe('valid', lacking, 'getPet')
    }
    expect(notes).toEqual([
      '[petstore-conformance] the key: pacing by the X-RateLimit-Remaining and X-RateLimit-Reset headers',
      '[petstore-conformance] the key: pacing at 60 requests a minute after such answers: answers to getPet lack X-RateLimit-Remaining (they send X-RateLimit-Limit and X-RateLimit-Reset)',
    ])
  })

  it(`says at most ${MAX_PACING_NOTES} pacing states per credential, then that it stops`, async () => {
    const time = fakeClock()
    const notes: Array<string> = []
    const pacer = createRateLimitPacer({ ...time, onNote: (text) => notes.push(text) })
    for (let i = 0; i < 50; i++) {
      pacer.observe('valid', {}, `operation${i}`)
      pacer.observe('invalid', {}, `operation${i}`)
    }
    const forKey = notes.filter((text) => text.includes('the key:'))
    expect(forKey).toHaveLength(MAX_PACING_NOTES + 1)
    expect(forKey.at(-1)).toBe(
      `[petstore-conformance] the key: further changes of pacing are not reported (${MAX_PACING_NOTES} said)`,
    )
    expect(notes).toHaveLength(2 * (MAX_PACING_NOTES + 1))
  })

  it('paceMs: no wait within Remaining, then the reset and a minute per further Limit; the fallback spacing without a window', () => {
    const time = fakeClock()
    const pacer = createRateLimitPacer({ ...time, marginMs: 0 })
    expect(pacer.paceMs(10)).toBe(10_000)
    // 20 s before the reset, 5 left of 60 a minute.
    pacer.afterResponse('valid', { limit: 60, remaining: 5, reset: 1_767_225_620 })
    expect(pacer.paceMs(5)).toBe(0)
    expect(pacer.paceMs(6)).toBe(20_000)
    expect(pacer.paceMs(65)).toBe(20_000)
    expect(pacer.paceMs(66)).toBe(80_000)
    expect(pacer.paceMs(6, 'invalid')).toBe(6000)
  })
})
