import { describe, expect, it } from 'vitest'
import { messageOf } from './message-of.ts'

describe('messageOf', () => {
  it('gives an error its message and anything else its text', () => {
    expect(messageOf(new TypeError('no such file'))).toBe('no such file')
    expect(messageOf('stopped')).toBe('stopped')
    expect(messageOf(42)).toBe('42')
  })
})
