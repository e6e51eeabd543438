/** The Mersenne Twister's state size (MT19937). */
const N = 624
/** The middle word's offset. */
const M = 397
const MATRIX_A = 0x9908b0df
const UPPER_MASK = 0x80000000
const LOWER_MASK = 0x7fffffff

/**
 * Seeded random numbers as `@faker-js/faker` draws them: its Mersenne
 * Twister (MT19937) seeded with one number, read as 53-bit floats in [0, 1),
 * and faker's `number.int`, `number.float`, `helpers.arrayElement`,
 * `helpers.weightedArrayElement` and `date.between` on top, step for step:
 * the same seed gives the numbers faker gives (`seeded-random.test.ts`
 * compares them), without loading faker, whose module alone costs a test
 * file that imports the handlers more than the data it makes.
 *
 * @example
 * const random = createSeededRandom(1)
 * random.int(1, 3) // 1, 2 or 3, the same for seed 1 every time
 */
export function createSeededRandom(seed: number) {
  let states = twist(initialState(seed))
  let index = 0

  const nextU32 = (): number => {
    let y = states[index] as number
    y ^= (states[index] as number) >>> 11
    y ^= (y << 7) & 0x9d2c5680
    y ^= (y << 15) & 0xefc60000
    y ^= y >>> 18
    if (++index >= N) {
      states = twist(states)
      index = 0
    }
    return y >>> 0
  }
  /** A float in [0, 1) with 53 random bits, as faker's default randomizer reads it. */
  const next = (): number => {
    const high = nextU32() >>> 5
    const low = nextU32() >>> 6
    return (high * 67_108_864 + low) * 2 ** -53
  }
  /** A whole number from `min` to `max`, both included (faker's `number.int`). */
  const int = (min: number, max: number): number => {
    const low = Math.ceil(min)
    const high = Math.floor(max)
    if (low === high) return low
    if (high < low) throw new RangeError(`no whole number from ${min} to ${max}`)
    return Math.floor(next() * (high - low + 1) + low)
  }
  /** A number in [min, max) (faker's `number.float` without a step). */
  const float = (min: number, max: number): number => next() * (max - min) + min
  return {
    next,
    int,
    float,
    /** One element; a list of one takes no number (faker's `helpers.arrayElement`). */
    arrayElement<T>(list: ReadonlyArray<T>): T {
      if (list.length === 0) throw new RangeError('no element in an empty list')
      return list[list.length > 1 ? int(0, list.length - 1) : 0] as T
    },
    /** One value, each as likely as its weight (faker's `helpers.weightedArrayElement`). */
    weightedArrayElement<T>(list: ReadonlyArray<{ weight: number; value: T }>): T {
      const total = list.reduce((sum, { weight }) => sum + weight, 0)
      const drawn = float(0, total)
      let reached = 0
      for (const { weight, value } of list) {
        reached += weight
        if (drawn < reached) return value
      }
      return (list.at(-1) as { value: T }).value
    },
    /** A date from `from` to `to`, to the millisecond (faker's `date.between`). */
    dateBetween(from: string, to: string): Date {
      return new Date(int(Date.parse(from), Date.parse(to)))
    },
  }
}

/** MT19937's `init_genrand`, in 32-bit integer arithmetic. */
function initialState(seed: number): Array<number> {
  const state = new Array<number>(N)
  state[0] = seed
  for (let i = 1; i < N; i++) {
    const previous = (state[i - 1] as number) ^ ((state[i - 1] as number) >>> 30)
    state[i] = Math.trunc(Math.imul(1_812_433_253, previous) + i)
  }
  return state
}

/** MT19937's next block of state. */
function twist(state: Array<number>): Array<number> {
  for (let i = 0; i < N - M; i++) {
    const y = ((state[i] as number) & UPPER_MASK) + ((state[i + 1] as number) & LOWER_MASK)
    state[i] = (state[i + M] as number) ^ (y >>> 1) ^ (-(y & 1) & MATRIX_A)
  }
  for (let i = N - M; i < N - 1; i++) {
    const y = ((state[i] as number) & UPPER_MASK) + ((state[i + 1] as number) & LOWER_MASK)
    state[i] = (state[i + M - N] as number) ^ (y >>> 1) ^ (-(y & 1) & MATRIX_A)
  }
  const y = ((state[N - 1] as number) & UPPER_MASK) + ((state[0] as number) & LOWER_MASK)
  state[N - 1] = (state[M - 1] as number) ^ (y >>> 1) ^ (-(y & 1) & MATRIX_A)
  return state
}
