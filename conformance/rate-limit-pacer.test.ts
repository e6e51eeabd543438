import { describe, expect, it } from 'vitest'
import { createRateLimitPacer, WaitTooLongError } from './rate-limit-pacer.ts'

function fakeTime(start = 1_767_225_600_000) {
  let now = start
  const sleeps: Array<number> = []
  return {
    now: () => now,
    sleep: async (ms: number) => {
      sleeps.push(ms)
      now += ms
    },
    advance: (ms: number) => {
      now += ms
    },
    sleeps,
  }
}

describe('createRateLimitPacer', () => {
  it('sends without waiting while Remaining is above zero', async () => {
    const time = fakeTime()
    const pacer = createRateLimitPacer(time)
    await pacer.beforeSend('valid')
    pacer.afterResponse('valid', { limit: 60, remaining: 2, reset: 1_767_225_660 })
    await pacer.beforeSend('valid')
    await pacer.beforeSend('valid')
    expect(time.sleeps).toEqual([])
  })

  it('waits for Reset once Remaining is zero, by the server clock', async () => {
    const time = fakeTime()
    const pacer = createRateLimitPacer({ ...time, marginMs: 250 })
    await pacer.beforeSend('valid')
    // The server's clock is 100 s ahead of ours: its Reset is 30 s away.
    pacer.afterResponse('valid', { limit: 60, remaining: 0, reset: 1_767_225_730 }, 1_767_225_700)
    await pacer.beforeSend('valid')
    expect(time.sleeps).toEqual([30_250])
  })

  it('uses the local clock without a Date header', async () => {
    const time = fakeTime()
    const pacer = createRateLimitPacer({ ...time, marginMs: 0 })
    pacer.afterResponse('valid', { limit: 60, remaining: 0, reset: 1_767_225_610 })
    await pacer.beforeSend('valid')
    expect(time.sleeps).toEqual([10_000])
  })

  it('keeps a bucket per credential', async () => {
    const time = fakeTime()
    const pacer = createRateLimitPacer(time)
    pacer.afterResponse('invalid', { limit: 60, remaining: 0, reset: 1_767_225_610 })
    pacer.afterResponse('valid', { limit: 60, remaining: 10, reset: 1_767_225_610 })
    await pacer.beforeSend('valid')
    expect(time.sleeps).toEqual([])
  })

  it('spaces requests at 60 a minute while the server sends no headers', async () => {
    const time = fakeTime()
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
    const time = fakeTime()
    const pacer = createRateLimitPacer({ ...time, maxWaitMs: 65_000 })
    pacer.afterResponse('valid', { limit: 1000, remaining: 0, reset: 1_767_225_600 + 3600 })
    await expect(pacer.beforeSend('valid')).rejects.toBeInstanceOf(WaitTooLongError)
  })
})
