import { describe, expect, it } from 'vitest'
import { showControls } from './show-controls.ts'

describe('showControls', () => {
  it.each([
    ['\u001b]0;title\u0007', '\\u001b]0;title\\u0007'],
    ['a\bb\rc\u007f', 'a\\u0008b\\u000dc\\u007f'],
    ['\u0085\u009b31m', '\\u0085\\u009b31m'],
    [
      '\u202eabc\u202c \u2066x\u2069 \u200e\u061c',
      '\\u202eabc\\u202c \\u2066x\\u2069 \\u200e\\u061c',
    ],
    ['\u2028\ufffe\ud800', '\\u2028\\ufffe\\ud800'],
    ['tab\tand\nline, é, 😀, \\u001b', 'tab\tand\nline, é, 😀, \\u001b'],
  ])('shows %j as %j', (text, shown) => {
    expect(showControls(text)).toBe(shown)
    expect(showControls(shown)).toBe(shown)
  })

  it('shows every string inside an object or array, and leaves the rest', () => {
    const value = { a: ['\u001b', 1, null, { b: '\u009b' }], c: true }
    expect(showControls(value)).toEqual({ a: ['\\u001b', 1, null, { b: '\\u009b' }], c: true })
    expect(value.a[0]).toBe('\u001b')
  })

  it('applied to JSON text, changes nothing a JSON reader sees', () => {
    const value = { text: '\u001b\u0085\u009b\u202e\u2028\ud800\\' }
    const shown = showControls(JSON.stringify(value))
    expect(shown).not.toMatch(/[\u0080-\u009f\u202e\u2028]/)
    expect(JSON.parse(shown)).toEqual(value)
  })
})
