import { describe, expect, it } from 'vitest'
import { declaredLengthOf } from './declared-length.ts'
import { declaresTooMuch } from './read-body.ts'

describe('declaredLengthOf', () => {
  it('reads the header of either transport: absent is undefined, a number is a number', () => {
    expect(declaredLengthOf(undefined)).toBeUndefined()
    expect(declaredLengthOf(null)).toBeUndefined()
    expect(declaredLengthOf('0')).toBe(0)
    expect(declaredLengthOf('52428800')).toBe(52_428_800)
    expect(declaredLengthOf('twelve')).toBeNaN()
  })

  it('gives declaresTooMuch what refuses a large body and lets an absent or odd one be read', () => {
    expect(declaresTooMuch(declaredLengthOf('52428800'))).toBe(true)
    expect(declaresTooMuch(declaredLengthOf(undefined))).toBe(false)
    expect(declaresTooMuch(declaredLengthOf('twelve'))).toBe(false)
  })
})
