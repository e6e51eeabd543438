import { describe, expect, it } from 'vitest'
import { INT64 } from '../spec/index.ts'
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
