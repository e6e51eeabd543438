import fc from 'fast-check'
import { describe, expect, it, vi } from 'vitest'
import { readJsonBody } from '../base/http/read-json-body.ts'
import { INT64, isInt64Value } from '../spec/index.ts'
import { MAX_EXACT_DIGITS } from '../spec/int64.ts'
import { parseExactJson, stringifyExact } from './exact-json.ts'
import { ExactInt64, ResponsePet } from './response-schemas.ts'

describe('parseExactJson', () => {
  it('keeps integers beyond 2^53 exact', () => {
    expect(parseExactJson('{"id":9007199254740993}')).toEqual({ id: 9007199254740993n })
    expect(parseExactJson('[9223372036854775807,-9223372036854775808]')).toEqual([
      INT64.max,
      INT64.min,
    ])
    expect(parseExactJson('{"id":7,"x":1.5}')).toEqual({ id: 7, x: 1.5 })
  })

  it('reads integers written with an exponent or a zero fraction exactly', () => {
    expect(parseExactJson('9007199254740993.0')).toBe(9007199254740993n)
    expect(parseExactJson('9.007199254740993e15')).toBe(9007199254740993n)
    expect(parseExactJson('1e400')).toBe(10n ** 400n)
    expect(parseExactJson('1e300')).toBe(10n ** 300n)
  })

  it('tells 2^53+1 from 2^53', () => {
    const [a, b] = parseExactJson('[9007199254740992,9007199254740993]') as Array<bigint>
    expect(a === b).toBe(false)
  })
})

describe('stringifyExact', () => {
  it('writes bigints as exact numbers and round-trips', () => {
    const text = stringifyExact({ categoryId: 9223372036854775807n, name: 'x' })
    expect(text).toBe('{"categoryId":9223372036854775807,"name":"x"}')
    expect(parseExactJson(text)).toEqual({ categoryId: INT64.max, name: 'x' })
  })
})

describe('ExactInt64', () => {
  it('accepts all of int64 and nothing beyond', () => {
    for (const text of [
      '0',
      '-1',
      '9007199254740993',
      '9223372036854775807',
      '-9223372036854775808',
    ]) {
      expect(ExactInt64.parse(parseExactJson(text))).toBe(BigInt(text))
    }
    for (const text of ['9223372036854775808', '-9223372036854775809', '1.5', '"1"', '1e400']) {
      expect(ExactInt64.safeParse(parseExactJson(text)).success).toBe(false)
    }
  })

  it('reads a Pet with snowflake ids exactly', () => {
    const pet = ResponsePet.parse(
      parseExactJson(
        '{"id":9007199254740993,"name":"Rex","categoryId":9223372036854775807,"extra":1}',
      ),
    )
    expect(pet.id).toBe(9007199254740993n)
    expect(pet.categoryId).toBe(INT64.max)
  })
})

describe('the exact readers on huge number literals', () => {
  /** Runs `read` and returns the length of every text handed to `BigInt` meanwhile. */
  function bigintInputs(read: () => unknown): Array<number> {
    const lengths: Array<number> = []
    const original = globalThis.BigInt
    const spy = vi.spyOn(globalThis, 'BigInt').mockImplementation((value) => {
      lengths.push(String(value).length)
      return original(value as string)
    })
    try {
      read()
    } finally {
      spy.mockRestore()
    }
    return lengths
  }
  const huge = '9'.repeat(1024 * 1024)

  it.each([
    ['a plain integer', huge],
    ['a negative one', `-${huge}`],
    ['one with a zero fraction', `${huge}.000`],
    ['one with an exponent', `${huge}e5`],
    ['one with a long fraction scaled up', `0.${huge}e400`],
    ['an array of them', `[${Array.from({ length: 2000 }, () => '9'.repeat(500)).join(',')}]`],
  ])(
    'makes no bigint of more than 421 digits from %s, and judges it beyond int64',
    (_name, text) => {
      for (const read of [parseExactJson, (value: string) => readBody(value)]) {
        let value: unknown
        const lengths = bigintInputs(() => {
          value = read(text)
        })
        expect(Math.max(0, ...lengths)).toBeLessThanOrEqual(MAX_EXACT_DIGITS + 401)
        const first = Array.isArray(value) ? value[0] : value
        expect(ExactInt64.safeParse(first).success).toBe(false)
        expect(isInt64Value(first)).toBe(false)
      }
    },
  )

  it('still reads every int64, and the shortest literal beyond it, exactly', () => {
    for (const text of ['9223372036854775807', '-9223372036854775808', '9223372036854775808']) {
      expect(parseExactJson(text)).toBe(BigInt(text))
      expect(readBody(text)).toBe(BigInt(text))
    }
    expect(parseExactJson('92233720368547758070e-1')).toBe(INT64.max)
    expect(parseExactJson('0.000000000000000000000000000009223372036854775807e48')).toBe(INT64.max)
  })
})

describe('one reading of integer literals', () => {
  it('reads every number literal the same in a request body, in an answer the kit or the proxy judges, and in a recording', () => {
    // Any JSON number: sign, digits, a fraction of zeros or not, an exponent.
    const literal = fc
      .tuple(
        fc.constantFrom('', '-'),
        fc.stringMatching(/^(0|[1-9]\d{0,24})$/),
        fc.option(fc.stringMatching(/^\d{1,6}$/), { nil: undefined }),
        fc.option(fc.integer({ min: -30, max: 30 }), { nil: undefined }),
      )
      .map(
        ([sign, whole, fraction, exponent]) =>
          `${sign}${whole}${fraction === undefined ? '' : `.${fraction}`}${exponent === undefined ? '' : `e${exponent}`}`,
      )
    fc.assert(
      fc.property(literal, (text) => {
        const body = `{"categoryId":${text}}`
        const kit = parseExactJson(body) as { categoryId: unknown }
        const mock = readBody(body) as { categoryId: unknown }
        expect(mock.categoryId).toBe(kit.categoryId)
        // An integer beyond the exact doubles is never rounded by either.
        if (typeof kit.categoryId === 'number' && Number.isInteger(kit.categoryId)) {
          expect(
            Number.isSafeInteger(kit.categoryId) ||
              text.replace(/^-?0*/, '').length > MAX_EXACT_DIGITS,
          ).toBe(true)
        }
      }),
      { seed: 27, numRuns: 500 },
    )
    // The shape the mock's reader rounded before: a zero fraction past 2^53.
    expect(readBody('9007199254740993.0')).toBe(9007199254740993n)
  })
})

/** The request body reader's exact reading (createPet's). */
function readBody(text: string): unknown {
  return readJsonBody({ headers: { get: () => null }, body: text }, 'a NewPet', {
    exactIntegers: true,
  })
}
