import { describe, expect, it } from 'vitest'
import { PREVIEW_LENGTH, previewValue } from './preview-value.ts'

describe('previewValue', () => {
  it('renders small values as JSON', () => {
    expect(previewValue('Rex')).toBe('"Rex"')
    expect(previewValue(12)).toBe('12')
    expect(previewValue(null)).toBe('null')
    expect(previewValue({ a: [1, true] })).toBe('{"a":[1,true]}')
  })

  it('stays bounded for values nested far deeper than the stack allows', () => {
    let deep: unknown = 'x'
    for (let i = 0; i < 200_000; i++) deep = [deep]
    expect(previewValue(deep)).toBe('[[[[…]]]]')
    let object: unknown = {}
    for (let i = 0; i < 200_000; i++) object = { a: object }
    expect(previewValue(object)).toBe('{"a":{"a":{"a":{…}}}}')
  })

  it('stays bounded for long strings, long arrays and many keys', () => {
    for (const value of [
      'y'.repeat(1_000_000),
      Array.from({ length: 100_000 }, (_, index) => index),
      Object.fromEntries(Array.from({ length: 10_000 }, (_, index) => [`k${index}`, index])),
    ]) {
      const preview = previewValue(value)
      expect(preview.length).toBeLessThanOrEqual(PREVIEW_LENGTH + 1)
      expect(preview.endsWith('…')).toBe(true)
    }
  })
})
