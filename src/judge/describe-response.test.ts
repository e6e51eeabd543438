import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ErrorBody } from '../spec/index.ts'
import {
  describeHttpResponse,
  describeItemsIssues,
  describeSchemaIssues,
  fieldProblems,
} from './describe-response.ts'
import { ResponsePet } from './response-schemas.ts'

const issuesOf = (value: unknown) => ResponsePet.safeParse(value).error?.issues ?? []

describe('describeSchemaIssues', () => {
  it('names the field, what it is and what is expected', () => {
    const body = { id: '8', name: 'Rex', categoryId: 1 }
    expect(describeSchemaIssues(issuesOf(body), body)).toBe(
      '`id` is a string ("8"), expected an int64 integer',
    )
    const worse = { id: 1.5, categoryId: null, status: 'adopted' }
    expect(describeSchemaIssues(issuesOf(worse), worse)).toBe(
      '`id` is a number (1.5), expected an int64 integer; `name` is missing, expected a string; `categoryId` is null, expected an int64 integer; `status` is a string ("adopted"), expected one of "available", "pending", "sold"',
    )
    expect(describeSchemaIssues(issuesOf([]), [])).toBe('the body is an array, expected an object')
  })

  it('shows a long value short', () => {
    const body = { id: 'x'.repeat(500), name: 'Rex', categoryId: 1 }
    expect(describeSchemaIssues(issuesOf(body), body)).toBe(
      `\`id\` is a string ("${'x'.repeat(39)}...), expected an int64 integer`,
    )
  })

  it('describes an Error body as well', () => {
    const body = { code: 'not_found', message: 'No pet', status: '404' }
    const issues = ErrorBody.safeParse(body).error?.issues ?? []
    expect(describeSchemaIssues(issues, body)).toMatch(/^`status` is a string \("404"\), expected /)
  })

  it('never throws and names each field once, for any JSON value (prototype names included)', () => {
    const key = fc.oneof(
      fc.constantFrom(
        'id',
        'name',
        'categoryId',
        'status',
        '__proto__',
        'constructor',
        'toString',
        'hasOwnProperty',
        'valueOf',
      ),
      fc.string({ maxLength: 6 }),
    )
    fc.assert(
      fc.property(fc.dictionary(key, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 6 }), (input) => {
        const value = JSON.parse(JSON.stringify(input)) as unknown
        const problems = fieldProblems(issuesOf(value), value)
        const fields = problems.map((problem) => problem.field)
        expect(new Set(fields).size).toBe(fields.length)
        expect(describeSchemaIssues(issuesOf(value), value).length).toBeLessThan(1000)
      }),
      { seed: 28, numRuns: 300 },
    )
  })
})

describe('describeItemsIssues', () => {
  it('says each kind of wrong field once, with how many items have it', () => {
    const items = Array.from({ length: 20 }, (_, index) => ({
      id: String(index + 1),
      name: 'x',
      categoryId: 1,
    }))
    const invalid = items.map((input) => ({ issues: issuesOf(input), input }))
    expect(describeItemsIssues(invalid, 20, 'pet')).toBe(
      '`id` is a string ("1") in 20 of 20 pets, expected an int64 integer',
    )
    expect(describeItemsIssues(invalid.slice(0, 1), 1, 'pet')).toBe(
      '`id` is a string ("1") in 1 of 1 pet, expected an int64 integer',
    )
  })
})

describe('describeHttpResponse', () => {
  it('cuts the body where asked', () => {
    expect(describeHttpResponse(201, `{"name":"${'a'.repeat(200)}"}`, 20)).toBe(
      'HTTP 201 {"name":"aaaaaaaaaaa...',
    )
  })
})
