import { describe, expect, it } from 'vitest'
import { ROUTES } from '../spec/routes.ts'
import { catalogue } from './catalogue.ts'

describe('catalogue', () => {
  it('has unique, stable-looking ids, each with a section and an expectation', () => {
    const ids = catalogue.map((check) => check.id)
    expect(new Set(ids).size).toBe(ids.length)
    for (const check of catalogue) {
      expect(check.id).toMatch(/^[a-z0-9]+(\.[a-z0-9-]+)+$/)
      expect(check.section).toMatch(/§/)
      expect(check.expected.length).toBeGreaterThan(10)
      expect(check.operations.length).toBeGreaterThan(0)
    }
  })

  it('gives each check a title (one line of a report) shorter than what it expects (a title and an expectation swapped fail here)', () => {
    for (const check of catalogue) {
      expect(check.title.length, check.id).toBeLessThanOrEqual(72)
      expect(check.title, check.id).not.toMatch(/\.$/)
      expect(check.title.length, check.id).toBeLessThan(check.expected.length)
    }
  })

  it('lists as not deprecated exactly the operations the routes do not deprecate', () => {
    const check = catalogue.find((entry) => entry.id === 'deprecation.only-get-pet')
    expect(check?.operations).toEqual(
      ROUTES.filter((route) => route.deprecation === undefined).map((route) => route.operationId),
    )
  })

  it('gives a judge of every response exactly to the checks of response scope', () => {
    for (const check of catalogue) {
      expect(check.judge !== undefined, check.id).toBe(check.scope === 'response')
      expect(check.judge !== undefined && check.judgeExchange !== undefined, check.id).toBe(false)
    }
  })

  it('keeps advisory what the spec leaves open', () => {
    const advisory = catalogue
      .filter((check) => check.level === 'advisory')
      .map((check) => check.id)
    expect(advisory).toEqual(
      expect.arrayContaining([
        'list.invalid-limit',
        'list.invalid-status',
        'get.invalid-id',
        'get.deprecation-headers',
        'method.not-allowed',
      ]),
    )
  })

  it('makes required what the spec states', () => {
    const required = catalogue
      .filter((check) => check.level === 'required')
      .map((check) => check.id)
    // §1, §4, §5: every operation requires the bearer credential; §8: Remaining counts down.
    expect(required).toEqual(
      expect.arrayContaining([
        'orders.auth',
        'auth.checked-first',
        'ratelimit.remaining-decreases',
        'ratelimit.429-remaining',
        'list.limit-exact',
        'list.complete',
        'input.malformed',
        'stateful.model',
        'auth.www-authenticate',
      ]),
    )
  })
})
