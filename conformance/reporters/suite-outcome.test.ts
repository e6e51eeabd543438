import { describe, expect, it } from 'vitest'
import type { CheckFailure, CheckResult } from '../model/types.ts'
import { suiteOutcome } from './suite-outcome.ts'

const ATTACK = '\u001b]0;owned\u0007\b\bPASS\u009b2J\u202e'
const SHOWN = '\\u001b]0;owned\\u0007\\u0008\\u0008PASS\\u009b2J\\u202e'

const failure: CheckFailure = {
  checkId: 'auth.no-header',
  operation: 'listPets',
  message: 'A request without Authorization is rejected',
  expected: '401',
  actual: `HTTP 200 ${ATTACK}`,
  response: `HTTP 200 ${ATTACK}`,
}

const result = (fields: Partial<CheckResult>): CheckResult => ({
  id: 'auth.no-header',
  title: 'A request without Authorization is rejected',
  section: '§5',
  level: 'required',
  group: 'default',
  operation: 'listPets',
  deprecated: false,
  outcome: 'failed',
  durationMs: 1,
  passes: 0,
  failures: [failure],
  omittedFailures: 0,
  expected: '401 with an Error body',
  ...fields,
})

describe('suiteOutcome (each test of the vitest suite)', () => {
  it.each([
    ['a required failure fails', result({}), {}, 'fail'],
    ['an advisory failure annotates', result({ level: 'advisory' }), {}, 'annotate'],
    [
      'a skipped check skips',
      result({ outcome: 'skipped', failures: [], skipReason: ATTACK }),
      {},
      'skip',
    ],
    [
      'with failOnSkip, a skipped required check fails',
      result({ outcome: 'skipped', failures: [], skipReason: ATTACK }),
      { failOnSkip: true },
      'fail',
    ],
  ] as const)('%s, showing control characters as escapes', (_, entry, policy, action) => {
    const outcome = suiteOutcome(entry, policy)
    expect(outcome.action).toBe(action)
    const text = 'text' in outcome ? (outcome.text ?? '') : ''
    expect(text).toContain(SHOWN)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the characters it must not hold
    expect(text).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e]/)
  })

  it('a passed check passes', () => {
    expect(suiteOutcome(result({ outcome: 'passed', failures: [], passes: 1 }), {})).toEqual({
      action: 'pass',
    })
  })
})
