import { valueAt } from '../utils/value-at.ts'

/** How much of a body a description shows. */
const MAX_BODY_SHOWN = 400

/** How much of a body is shown after a description of its wrong fields in words. */
export const BODY_EXCERPT_AFTER_WORDS = 120

/** How much of a value is shown inside a description in words. */
const MAX_VALUE_SHOWN = 40

/**
 * A short description of a response: its status and the start of its body,
 * whitespace folded, cut at `maxShown` characters (400; shorter where the
 * fields at fault are already said in words).
 *
 * @example
 * describeHttpResponse(404, '{"code":"not_found"}') // 'HTTP 404 {"code":"not_found"}'
 */
export function describeHttpResponse(
  status: number,
  body: string,
  maxShown = MAX_BODY_SHOWN,
): string {
  const folded = body.replace(/\s+/g, ' ').trim()
  const shown = folded.length > maxShown ? `${folded.slice(0, maxShown)}...` : folded
  return `HTTP ${status}${shown ? ` ${shown}` : ''}`
}

/** One issue of a failed schema parse (zod's shape, the fields read here). */
export interface SchemaIssue {
  path: ReadonlyArray<PropertyKey>
  message: string
  code?: string
  /** What an `invalid_type` issue expected: `string`, `number`, `object`... */
  expected?: string
  /** The values an `invalid_value` issue allows. */
  values?: ReadonlyArray<unknown>
}

/** One wrong field, in words: where, what it is, what the spec expects. */
export interface FieldProblem {
  /** `` `id` ``, `` `category.id` ``, or `the body`. */
  field: string
  /** The JSON type of what was there, in words: `a string`, `missing`. */
  type: string
  /** The value, shown short (absent for `missing`, `null`, objects). */
  value?: string
  /** What the spec expects there: `an int64 integer`, `one of "available", "pending", "sold"`. */
  expected: string
}

const short = (text: string) =>
  text.length > MAX_VALUE_SHOWN ? `${text.slice(0, MAX_VALUE_SHOWN)}...` : text

/** The JSON type of a value in words, and the value shown short where it helps. */
function typeOf(value: unknown): { type: string; value?: string } {
  if (value === undefined) return { type: 'missing' }
  if (value === null) return { type: 'null' }
  switch (typeof value) {
    case 'string':
      return { type: 'a string', value: short(JSON.stringify(value)) }
    case 'bigint':
      return { type: 'an integer', value: short(String(value)) }
    case 'number':
      return { type: Number.isInteger(value) ? 'an integer' : 'a number', value: String(value) }
    case 'boolean':
      return { type: 'a boolean', value: String(value) }
    default:
      return Array.isArray(value) ? { type: 'an array' } : { type: 'an object' }
  }
}

const ARTICLE: Record<string, string> = {
  array: 'an array',
  object: 'an object',
  int: 'an integer',
  integer: 'an integer',
}

/** What an issue expected, in words. */
function expectationOf(issue: SchemaIssue): string {
  if (issue.code === 'invalid_type' && issue.expected) {
    return ARTICLE[issue.expected] ?? `a ${issue.expected}`
  }
  if (issue.code === 'invalid_value' && issue.values) {
    return `one of ${issue.values.map((value) => JSON.stringify(value)).join(', ')}`
  }
  return issue.message.replace(/^Invalid input: /, '').replace(/^expected /, '')
}

/**
 * The wrong fields of `input` that a failed schema parse found, each once,
 * as data: which field, what it is, what is expected there.
 *
 * @example
 * fieldProblems(ResponsePet.safeParse(body).error.issues, body)
 * // [{ field: '`id`', type: 'a string', value: '"8"', expected: 'an int64 integer' }]
 */
export function fieldProblems(
  issues: ReadonlyArray<SchemaIssue>,
  input: unknown,
): Array<FieldProblem> {
  const seen = new Set<string>()
  return issues.flatMap((issue) => {
    const field = issue.path.length ? `\`${issue.path.map(String).join('.')}\`` : 'the body'
    if (seen.has(field)) return []
    seen.add(field)
    const type = typeOf(valueAt(input, issue.path))
    const expected =
      issue.code === 'too_big' || issue.code === 'too_small' ? issue.message : expectationOf(issue)
    return [{ field, ...type, expected }]
  })
}

/**
 * One wrong field in words: `` `id` is a string ("8"), expected an int64 integer ``.
 *
 * @example
 * sayFieldProblem({ field: '`id`', type: 'a string', value: '"8"', expected: 'an int64 integer' })
 * // '`id` is a string ("8"), expected an int64 integer'
 */
export function sayFieldProblem(problem: FieldProblem, where = ''): string {
  const value = problem.value === undefined ? '' : ` (${problem.value})`
  return `${problem.field} is ${problem.type}${value}${where}, expected ${problem.expected}`
}

/**
 * The wrong fields of a value in words, each said once: the one describer
 * of schema failures that the kit's checks and the proxy's judge use.
 *
 * @example
 * describeSchemaIssues(ResponsePet.safeParse({ id: '8', name: 'Rex', categoryId: 1 }).error.issues, { id: '8', name: 'Rex', categoryId: 1 })
 * // '`id` is a string ("8"), expected an int64 integer'
 */
export function describeSchemaIssues(issues: ReadonlyArray<SchemaIssue>, input: unknown): string {
  return fieldProblems(issues, input)
    .slice(0, 5)
    .map((problem) => sayFieldProblem(problem))
    .join('; ')
}

/**
 * The wrong fields of the items of a list in words, each kind said once with
 * how many items have it: `` `id` is a string ("31") in 20 of 20 pets, expected an int64 integer ``.
 *
 * @example
 * describeItemsIssues([{ issues, input: { id: '31' } }], 20, 'pet')
 */
export function describeItemsIssues(
  invalid: ReadonlyArray<{ issues: ReadonlyArray<SchemaIssue>; input: unknown }>,
  total: number,
  noun: string,
): string {
  const kinds = new Map<string, { first: FieldProblem; count: number }>()
  for (const { issues, input } of invalid) {
    for (const problem of fieldProblems(issues, input)) {
      const key = `${problem.field}\u0000${problem.type}\u0000${problem.expected}`
      const kind = kinds.get(key)
      if (kind) kind.count += 1
      else kinds.set(key, { first: problem, count: 1 })
    }
  }
  return [...kinds.values()]
    .slice(0, 5)
    .map(({ first, count }) =>
      sayFieldProblem(first, ` in ${count} of ${total} ${total === 1 ? noun : `${noun}s`}`),
    )
    .join('; ')
}
