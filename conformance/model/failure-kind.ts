/**
 * What a failure is, without the values it met: its words with the quoted
 * strings and numbers left out and the response shown after them dropped.
 * Two failures of one check are of one kind when they name the same field
 * with the same fault (`` `id` is a string ("8") `` and `` `id` is a string
 * ("9") ``), whatever the body sent: the generated probe shrinks within a
 * kind, and the collector keeps one failure of each field at fault.
 *
 * @example
 * failureKind('not a Pet: `id` is a string ("44"), expected an int64 integer: HTTP 201 {...}')
 * // 'not a Pet: `id` is a string (…), expected an int64 integer'
 */
export function failureKind(problem: string): string {
  return problem
    .replace(/: HTTP \d{3}\b[\s\S]*$/, '')
    .replace(/"(?:[^"\\]|\\.)*"/g, '…')
    .replace(/(?<![\w.])-?\d+(?:\.\d+)?(?:e[+-]?\d+)?(?![\w.])/gi, '…')
}

/**
 * The kind of a failure that names a field at fault in words
 * (`` `id` is a string ... ``), or `undefined` for any other failure.
 *
 * @example
 * fieldFailureKind('`id` is a string ("1") in 20 of 20 pets, expected an int64 integer: HTTP 200 [...]')
 * // '`id` is a string (…), expected an int64 integer'
 */
export function fieldFailureKind(problem: string): string | undefined {
  // How many items of a list have it is a count, not a kind: `in 1 of 1 pet`, `in 3 of 20 pets`.
  return /`[^`]+` is /.test(problem)
    ? failureKind(problem).replace(/ in … of … \w+/g, '')
    : undefined
}
