import { describe, expect, it } from 'vitest'
import { describeRule, followsRule } from './number-rule.ts'

describe('number rules', () => {
  const whole = { min: 0, max: 10, whole: true }
  const any = { min: 0.5, whole: false }

  it.each([0, 10, 5])('accepts %s as a whole number from 0 to 10', (value) => {
    expect(followsRule(value, whole)).toBe(true)
  })

  it.each([-1, 11, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '3', undefined])(
    'refuses %s as a whole number from 0 to 10',
    (value) => {
      expect(followsRule(value, whole)).toBe(false)
    },
  )

  it('bounds only from below without a max, and takes fractions unless whole', () => {
    expect(followsRule(1e12 + 0.5, any)).toBe(true)
    expect(followsRule(0.25, any)).toBe(false)
  })

  it('says the rule in the words of every message', () => {
    expect(describeRule(whole)).toBe('must be a whole number from 0 to 10')
    expect(describeRule(any)).toBe('must be a number from 0.5')
  })
})
