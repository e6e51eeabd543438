import { z } from 'zod'
import { valueAt } from '../../utils/value-at.ts'
import { previewValue } from './preview-value.ts'

const EXPECTED: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'an integer',
  boolean: 'a boolean',
  object: 'an object',
  array: 'an array',
}

const FORMATS: Record<string, string> = {
  datetime: 'an ISO 8601 date-time such as 2026-03-01T10:00:00Z',
}

/**
 * Says in plain words what is wrong with one field, from the first zod issue
 * of a failed parse of `input` against the object `schema`: "is required",
 * "must be an integer, got \"1\"", "must be one of available, pending, sold, got \"lost\"".
 *
 * @example
 * const result = NewPet.safeParse(input)
 * if (!result.success) describeIssue(result.error.issues[0], input, NewPet)
 * // 'must be an integer, got "1"'
 */
export function describeIssue(
  issue: z.core.$ZodIssue | undefined,
  input: unknown,
  schema: z.ZodType,
): string {
  if (issue === undefined) return 'is invalid'
  const value = valueAt(input, issue.path)
  if (value === undefined && (issue.code === 'invalid_type' || issue.code === 'custom')) {
    return 'is required'
  }
  const got = `, got ${show(value)}`
  switch (issue.code) {
    case 'invalid_type': {
      const expected =
        issue.expected === 'number' && isIntegerField(schema, issue.path) ? 'int' : issue.expected
      return `must be ${EXPECTED[expected] ?? expected}${got}`
    }
    case 'too_small':
      if (issue.origin === 'string') {
        return `must have at least ${issue.minimum} character${issue.minimum === 1 ? '' : 's'}${got}`
      }
      return isSafeBound(issue.minimum) ? SAFE_RANGE : `must be at least ${issue.minimum}${got}`
    case 'too_big':
      if (issue.origin === 'string') return `must have at most ${issue.maximum} characters`
      return isSafeBound(issue.maximum) ? SAFE_RANGE : `must be at most ${issue.maximum}${got}`
    case 'invalid_value':
      return `must be one of ${issue.values.map(String).join(', ')}${got}`
    case 'invalid_format':
      // A pattern rule of the spec module says in its own message what it wants.
      if (issue.format === 'regex') return `${issue.message}${got}`
      return `must be ${FORMATS[issue.format] ?? `a valid ${issue.format}`}${got}`
    case 'custom':
      // A refinement of the spec module (the int64 rule) says in its message what it wants.
      return `${issue.message}${got}`
    default:
      return `is invalid (${issue.message})`
  }
}

function isIntegerField(schema: z.ZodType, path: ReadonlyArray<PropertyKey>): boolean {
  let current: unknown = schema
  for (const key of path) {
    if (!(current instanceof z.ZodObject)) return false
    current = current.shape[String(key)]
  }
  if (current instanceof z.ZodOptional) current = current.unwrap()
  if (!(current instanceof z.ZodNumber)) return false
  // An int64 is a number schema that says `type: integer` (see spec/int64.ts).
  return current.isInt || current.meta()?.type === 'integer'
}

/** An integer beyond ±(2^53 - 1): JSON parsing has already rounded it, so it is not echoed. */
const SAFE_RANGE = `must be an integer within ±${Number.MAX_SAFE_INTEGER}, the largest id the mock holds exactly`

function isSafeBound(value: number | bigint): boolean {
  return Math.abs(Number(value)) === Number.MAX_SAFE_INTEGER
}

function show(value: unknown): string {
  if (value === undefined) return 'nothing'
  // JSON.parse turns a number too large for a double (1e400) into Infinity.
  if (typeof value === 'number' && !Number.isFinite(value)) return 'a number out of range'
  return previewValue(value)
}
