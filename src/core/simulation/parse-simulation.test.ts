import { describe, expect, it } from 'vitest'
import { ApiError } from '../../errors/api-error.ts'
import { parseSimulation } from './parse-simulation.ts'

const none = new URLSearchParams()

describe('parseSimulation', () => {
  it('reads code and delay from Prefer, in any order, case and spacing', () => {
    expect(parseSimulation('code=429, delay=300', none)).toEqual({
      status: 429,
      delay: 300,
      source: 'prefer',
    })
    expect(parseSimulation(' Delay = 0 ,CODE="503"', none)).toEqual({
      status: 503,
      delay: 0,
      source: 'prefer',
    })
    expect(parseSimulation('code=401;foo=bar', none)).toEqual({ status: 401, source: 'prefer' })
  })

  it('ignores unknown preferences and later instances (RFC 7240)', () => {
    expect(parseSimulation('return=minimal, wait=10, handling=lenient', none)).toEqual({})
    expect(parseSimulation('code=404, code=418, delay=1, delay=x', none)).toEqual({
      status: 404,
      delay: 1,
      source: 'prefer',
    })
  })

  it('falls back to __code and __delay when Prefer states neither', () => {
    const query = new URLSearchParams('__code=500&__delay=20')
    const fromQuery = { status: 500, delay: 20, source: 'query' }
    expect(parseSimulation(null, query)).toEqual(fromQuery)
    expect(parseSimulation('return=minimal', query)).toEqual(fromQuery)
    expect(parseSimulation('delay=5', query)).toEqual({ delay: 5, source: 'prefer' })
  })

  it('refuses unsupported codes and delays out of range with a 400', () => {
    for (const [prefer, query] of [
      ['code=418', ''],
      ['code=200', ''],
      ['code=4000', ''],
      ['delay=60001', ''],
      ['delay=1e3', ''],
      [null, '__code='],
      [null, '__delay=9999999999'],
    ] as const) {
      const attempt = () => parseSimulation(prefer, new URLSearchParams(query))
      expect(attempt).toThrow(ApiError)
      try {
        attempt()
      } catch (error) {
        expect(error).toMatchObject({ status: 400, code: 'invalid_simulation' })
      }
    }
    expect(parseSimulation('delay=60000', none)).toEqual({ delay: 60_000, source: 'prefer' })
  })
})
