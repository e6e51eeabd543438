import { describe, expect, it } from 'vitest'
import {
  createValid,
  getValid,
  listDefaultLimit,
  listStatusFilter,
  type RuleRequest,
} from './exchange-rules.ts'

const request = (query = '', extra: Partial<RuleRequest> = {}): RuleRequest => ({
  pathParams: {},
  query: new URLSearchParams(query),
  ...extra,
})
const error = (status: number) => ({
  status,
  body: JSON.stringify({ code: 'x', message: 'y', status }),
})

describe('the rules of one exchange', () => {
  it('leave 401, 429 and 5xx to other rules, unless the request is known to be authorized', () => {
    for (const status of [401, 429, 503]) {
      expect(listDefaultLimit(request(), error(status))).toBeUndefined()
      expect(listDefaultLimit(request('', { authorized: true }), error(status))).toEqual({
        expected: '200 with at most 20 pets',
        problem: expect.stringMatching(new RegExp(`^HTTP ${status} `)),
      })
    }
  })

  it('allow a 404 of getPet and a 400 to a NewPet only when nothing says the pet or category exists', () => {
    const get = request('', { pathParams: { petId: '7' } })
    expect(getValid(get, error(404))).toBeUndefined()
    expect(getValid({ ...get, authorized: true }, error(404))?.problem).toMatch(/^HTTP 404 /)
    const create = request('', { body: '{"name":"Rex","categoryId":1}' })
    expect(createValid(create, error(400))).toBeUndefined()
    expect(createValid({ ...create, authorized: true }, error(400))?.problem).toMatch(/^HTTP 400 /)
  })

  it('say nothing of a request the spec does not allow (the caller is judged for it)', () => {
    expect(listStatusFilter(request('status=adopted'), { status: 200, body: '[{}]' })).toBe(
      undefined,
    )
    expect(listDefaultLimit(request('limit=0'), error(400))).toBeUndefined()
    expect(getValid(request('', { pathParams: { petId: 'abc' } }), error(400))).toBeUndefined()
    expect(createValid(request('', { body: '{"name":1}' }), { status: 201, body: '{}' })).toBe(
      undefined,
    )
  })

  it('do not read a body cut short', () => {
    const page = { status: 200, body: '[{"status":"pending"}]' }
    expect(listStatusFilter(request('status=sold'), page)?.problem).toMatch(/^1 of 1 pet /)
    expect(listStatusFilter(request('status=sold'), { ...page, truncated: true })).toBeUndefined()
  })
})
