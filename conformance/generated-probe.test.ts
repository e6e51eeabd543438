import { describe, expect, it } from 'vitest'
import { failureKind } from './generated-probe.ts'

describe('failureKind', () => {
  it('is the same for one field at fault, whatever values it met', () => {
    const a = failureKind(
      'not a Pet: `id` is a string ("44"), expected an int64 integer: HTTP 201 {"id":"44"}',
    )
    const b = failureKind(
      'not a Pet: `id` is a string ("7"), expected an int64 integer: HTTP 201 {"id":"7","name":"x"}',
    )
    expect(a).toBe(b)
    expect(a).toBe('not a Pet: `id` is a string (…), expected an int64 integer')
    expect(failureKind('name " x" instead of "x"')).toBe(failureKind('name "\\ty" instead of "y"'))
  })

  it('differs for another field or another fault', () => {
    const id = failureKind('not a Pet: `id` is a string ("44"), expected an int64 integer')
    expect(
      failureKind('not a Pet: `categoryId` is a string ("1"), expected an int64 integer'),
    ).not.toBe(id)
    expect(failureKind('not a Pet: `id` is null, expected an int64 integer')).not.toBe(id)
    expect(failureKind('name "x" instead of "y"')).not.toBe(
      failureKind('categoryId 1 instead of 2'),
    )
  })
})
