import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { KIT_CODES } from '../model/kit-message.ts'
import { wireKey } from '../model/kit-secrets.ts'
import { MIN_SECRET_LENGTH } from '../model/redactor.ts'
import { OTHER_KEY_PLACEHOLDER } from '../model/to-curl.ts'
import { REFERENCE_TOKEN, runAgainstReference } from '../test-utils/run-reference.ts'

const ONLY = { only: ['ratelimit.keys-separate', 'ratelimit.keyless-not-counted'] }

const outcomeOf = (result: Awaited<ReturnType<typeof runAgainstReference>>, id: string) =>
  result.results.find((entry) => entry.id === id)

describe('the second key, whatever it is', () => {
  it('is checked when the server takes it, skipped with the reason when not, and never written', async () => {
    // Any text: a key the server takes, or one that cannot even be sent
    // (control characters, non-ASCII), or a name from outside.
    const otherToken = fc.oneof(
      fc.string({ minLength: 1, maxLength: 40, unit: 'binary' }),
      fc.constantFrom('__proto__', 'constructor', 'toString', 'sk_ref_', 'sk_ref\nx', ' sk_x '),
    )
    await fc.assert(
      fc.asyncProperty(otherToken, fc.boolean(), async (token, accepted) => {
        fc.pre(token !== REFERENCE_TOKEN)
        const run = runAgainstReference(
          { tokens: accepted ? [REFERENCE_TOKEN, token] : [REFERENCE_TOKEN] },
          { ...ONLY, otherToken: token },
        )
        const sent = wireKey(token)
        if (sent === REFERENCE_TOKEN || (sent !== '' && [...sent].length < MIN_SECRET_LENGTH)) {
          // The first key again, or one too short to keep out of the reports: a usage error.
          await expect(run).rejects.toMatchObject({ code: KIT_CODES.usage, exitCode: 2 })
          return
        }
        const result = await run
        expect(result.exitCode).toBe(0)
        const check = outcomeOf(result, 'ratelimit.keys-separate')
        expect(['passed', 'skipped']).toContain(check?.outcome)
        if (check?.outcome === 'skipped') {
          expect(check.skipReason).toMatch(/second key was refused|got no response|no second key/)
        }
        // The keyless request before it is judged as ever.
        expect(outcomeOf(result, 'ratelimit.keyless-not-counted')?.outcome).toBe('passed')
        if (token.trim().length >= 4) {
          const written = JSON.stringify(result.results)
          expect(written).not.toContain(JSON.stringify(token).slice(1, -1))
        }
      }),
      { seed: 26, numRuns: 25 },
    )
  }, 60_000)

  it('a key the server takes is checked, and a failure shows both requests as curls', async () => {
    const result = await runAgainstReference({}, ONLY)
    expect(outcomeOf(result, 'ratelimit.keys-separate')?.outcome).toBe('passed')
    const failing = await runAgainstReference({ fault: 'limiter-keyed-by-plan' }, ONLY)
    const failure = outcomeOf(failing, 'ratelimit.keys-separate')?.failures[0]
    expect(failure?.actual).toMatch(/fell by 2 for one request with the other key/)
    // Both requests reproduce it, in order: the other key's, then the key's.
    expect(failure?.sequence).toMatch(
      new RegExp(
        `^1\\. one request with the other key\\n {3}curl .*Bearer \\${OTHER_KEY_PLACEHOLDER}"\\n2\\. POST /pets with the key\\n {3}curl .*Bearer \\$PETSTORE_API_KEY`,
      ),
    )
  })
})
