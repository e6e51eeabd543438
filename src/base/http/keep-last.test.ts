import { describe, expect, it } from 'vitest'
import { keepLast } from './keep-last.ts'

describe('keepLast', () => {
  it('runs make for the first key, whatever it is, and again only when the key changes', () => {
    const calls: Array<string> = []
    const verdictOf = keepLast((key: string) => {
      calls.push(key)
      return key === ''
    })
    // The first key is '' (an empty Host): it is judged, not taken for a kept one.
    expect(verdictOf('')).toBe(true)
    expect(verdictOf('')).toBe(true)
    expect(verdictOf('a')).toBe(false)
    expect(verdictOf('')).toBe(true)
    expect(calls).toEqual(['', 'a', ''])
  })
})
