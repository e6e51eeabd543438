import { describe, expect, it } from 'vitest'
import { failureKind, fieldFailureKind } from './failure-kind.ts'

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

describe('fieldFailureKind', () => {
  it('is the kind of a failure that names a field in words, and nothing for others', () => {
    expect(
      fieldFailureKind(
        '`id` is a string ("1") in 20 of 20 pets, expected an int64 integer: HTTP 200 [',
      ),
    ).toBe(
      fieldFailureKind(
        '`id` is a string ("2") in 10 of 10 pets, expected an int64 integer: HTTP 200 [',
      ),
    )
    expect(fieldFailureKind('30 pets')).toBeUndefined()
  })
})
