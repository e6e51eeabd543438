import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isJsonMediaType, parseMediaType } from './media-type.ts'

const TCHARS = "!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
const token = fc.string({ unit: fc.constantFrom(...TCHARS), minLength: 1, maxLength: 12 })
const quoted = fc
  .string({ unit: fc.constantFrom(...'abc ;,=/\t'.split(''), '\\"', '\\\\'), maxLength: 8 })
  .map((text) => `"${text}"`)
const ows = fc.constantFrom('', ' ', '\t', '  ')
const parameter = fc
  .tuple(ows, ows, token, fc.oneof(token, quoted))
  .map(([before, after, name, value]) => `${before};${after}${name}=${value}`)

describe('parseMediaType (RFC 9110 §8.3.1)', () => {
  it('reads every well-formed media type, type and subtype in lower case', () => {
    fc.assert(
      fc.property(token, token, fc.array(parameter, { maxLength: 3 }), (type, subtype, params) => {
        expect(parseMediaType(`${type}/${subtype}${params.join('')}`)).toEqual({
          type: type.toLowerCase(),
          subtype: subtype.toLowerCase(),
        })
      }),
      { seed: 27, numRuns: 200 },
    )
  })

  it('refuses what is not one media type', () => {
    for (const value of [
      '',
      'application',
      'application/',
      '/json',
      'application/json, text/html',
      'application/json; charset=utf-8, application/json',
      'application/json; charset',
      'application/json; charset=',
      'application/json; charset="utf-8',
      'application /json',
      'application/json; charset=utf 8',
      '__proto__',
      'constructor/toString; valueOf',
    ]) {
      expect(parseMediaType(value), value).toBeUndefined()
    }
    expect(parseMediaType('application/json;;')).toEqual({ type: 'application', subtype: 'json' })
    expect(parseMediaType('__proto__/constructor; hasOwnProperty=valueOf')).toEqual({
      type: '__proto__',
      subtype: 'constructor',
    })
  })

  it('takes application/json and +json types as JSON, case-insensitively', () => {
    const json = (value: string) => {
      const parsed = parseMediaType(value)
      return parsed !== undefined && isJsonMediaType(parsed)
    }
    expect(json('application/json')).toBe(true)
    expect(json('APPLICATION/JSON; charset=UTF-8')).toBe(true)
    expect(json('application/problem+json')).toBe(true)
    expect(json('text/json')).toBe(false)
    expect(json('application/jsonx')).toBe(false)
    expect(json('application/+json')).toBe(false)
  })
})
