import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createResultCollector } from '../model/result-collector.ts'
import { selectChecks } from '../model/select-checks.ts'
import type { Exchange } from '../model/types.ts'
import { runProperty } from './generated-probe.ts'

const exchange: Exchange = {
  id: 1,
  operation: 'createPet',
  credential: 'valid',
  request: { method: 'POST', url: 'http://h/v1/pets', headers: {} },
  receivedAt: 0,
  durationMs: 1,
}

/** A context of one check, and the bodies the property sent. */
function setUp() {
  const collector = createResultCollector(selectChecks({ only: ['create.generated-exact'] }))
  return { context: { collector, seed: 1, examples: 5 }, sent: [] as Array<string> }
}

const result = (collector: ReturnType<typeof createResultCollector>) =>
  collector.results(() => ({ outcome: 'skipped', reason: 'not exercised' }))[0]

describe('runProperty', () => {
  it('a failure that does not depend on the case: reports the simplest case, which the arbitrary cannot shrink to', async () => {
    const { context, sent } = setUp()
    await runProperty(context, {
      checkId: 'create.generated-exact',
      // A mapped arbitrary: fast-check cannot shrink an example given to it.
      arbitrary: fc.string({ minLength: 1 }).map((text) => ` ${text}`),
      examples: [' leading-space'],
      simplest: 'plain',
      expected: '201',
      describe: (value) => value,
      async attempt(value) {
        sent.push(value)
        return {
          exchange,
          problem: `\`id\` is a string ("${sent.length}"), expected an int64 integer`,
        }
      },
    })
    const failure = result(context.collector)?.failures[0]
    expect(failure?.counterexample).toBe('plain')
    expect(failure?.message).toMatch(/the failure does not depend on the body sent/)
    expect(sent.at(-1)).toBe('plain')
  })

  it("shrinks within the failure's kind: a failure of another kind met while shrinking is not taken", async () => {
    const { context } = setUp()
    await runProperty(context, {
      checkId: 'create.generated-exact',
      arbitrary: fc.string({ maxLength: 12 }),
      examples: ['  xy'],
      simplest: 'plain',
      expected: '201',
      describe: (value) => value,
      async attempt(value) {
        // Fails on a leading space (trimmed), and, another fault, on any name shorter than 2.
        if (value.startsWith(' '))
          return { exchange, problem: `name "${value}" instead of "${value.trim()}"` }
        if (value.length < 2)
          return { exchange, problem: '`name` is too short, expected 2 characters' }
        return { exchange }
      },
    })
    const failure = result(context.collector)?.failures[0]
    // Shrunk as far as the trimming goes: a space and no more; never the short name of the other fault.
    expect(failure?.counterexample).toMatch(/^ /)
    expect(failure?.actual).toMatch(/^name ".*" instead of/)
    expect(failure?.message).toMatch(/^Shrunk to a minimal failing case/)
  })
})
