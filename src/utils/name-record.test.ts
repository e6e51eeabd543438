import { describe, expect, it } from 'vitest'
import { isPlainObject } from './is-plain-object.ts'
import { nameRecord } from './name-record.ts'

const NAMES = [...Object.getOwnPropertyNames(Object.prototype), 'prototype']

describe('nameRecord', () => {
  it('inherits nothing: every member of Object.prototype reads as absent', () => {
    const record = nameRecord<string>()
    for (const name of NAMES) expect(record[name], name).toBeUndefined()
    expect(Object.keys(record)).toEqual([])
  })

  it('holds every such name as an entry of its own, __proto__ included, and writes it as JSON', () => {
    const record = nameRecord(NAMES.map((name) => [name, `${name}!`] as const))
    expect(Object.keys(record)).toEqual(NAMES)
    for (const name of NAMES) expect(record[name], name).toBe(`${name}!`)
    const read = JSON.parse(JSON.stringify(record))
    expect(Object.getOwnPropertyDescriptor(read, '__proto__')?.value).toBe('__proto__!')
    expect(Object.keys(read)).toEqual(NAMES)
  })

  it('keeps the last of a repeated name, and is a plain object', () => {
    const record = nameRecord([
      ['a', 1],
      ['a', 2],
    ])
    expect({ ...record }).toEqual({ a: 2 })
    expect(isPlainObject(record)).toBe(true)
    expect(isPlainObject(new Map())).toBe(false)
  })
})
