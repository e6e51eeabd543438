/**
 * A fake clock for runs without real waiting: `sleep` moves `now` on.
 *
 * @example
 * const clock = fakeClock()
 * await runConformance({ baseUrl, token, now: clock.now, sleep: clock.sleep })
 */
export function fakeClock(start = 1_767_225_600_000) {
  let now = start
  const sleeps: Array<number> = []
  return {
    now: () => now,
    sleep: async (ms: number) => {
      sleeps.push(ms)
      now += ms
    },
    /** Moves the clock on without a sleep (time spent elsewhere). */
    advance: (ms: number) => {
      now += ms
    },
    sleeps,
    elapsed: () => now - start,
  }
}
