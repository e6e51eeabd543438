import { describe, expect, it } from 'vitest'
import type { CheckId, CheckResult } from '../model/types.ts'
import { sampleResult } from '../test-utils/sample-result.ts'
import {
  escapeData,
  escapeProperty,
  githubAnnotations,
  githubSummary,
  MAX_ANNOTATIONS,
  MAX_SUMMARY_BYTES,
} from './github-reporter.ts'

/** `count` failing results of `level`, the i-th with i + 1 failure records. */
function failing(count: number, level: 'required' | 'advisory'): Array<CheckResult> {
  return Array.from({ length: count }, (_, i) => ({
    id: `${level}.check-${i}` as CheckId,
    title: `Check ${i}`,
    section: '§4',
    level,
    group: 'default' as const,
    operation: 'listPets' as const,
    deprecated: false,
    outcome: 'failed' as const,
    durationMs: 1,
    passes: 0,
    failures: Array.from({ length: Math.min(i + 1, 5) }, () => ({
      checkId: `${level}.check-${i}` as CheckId,
      operation: 'listPets' as const,
      message: 'm',
      expected: 'e',
      actual: `a ${'x'.repeat(20_000)}`,
      curl: "curl -i 'http://h/v1/pets'",
    })),
    omittedFailures: i,
    expected: 'e',
  }))
}

describe('workflow command escaping', () => {
  it('escapes %, CR and LF in messages, and : and , too in properties', () => {
    expect(escapeData('100%\r\nnext: a,b')).toBe('100%25%0D%0Anext: a,b')
    expect(escapeProperty('100%\r\nnext: a,b')).toBe('100%25%0D%0Anext%3A a%2Cb')
  })
})

describe('githubAnnotations', () => {
  it('one ::error per failing result, one ::warning per advisory failure, then a ::notice with the totals', () => {
    const lines = githubAnnotations(sampleResult())
    expect(lines).toHaveLength(3)
    expect(lines[0]).toMatch(
      /^::error title=list\.limit \[listPets\]::`limit` 1 and 100 are honoured \(required, §4\.1\)%0Aexpected: /,
    )
    expect(lines[0]).toContain('%0Areceived: 2 pets <script>alert(1)</script> 100%25%0Anext')
    expect(lines[0]).toContain('%0A(1 more failure of this check)')
    expect(lines[0]).not.toMatch(/[\r\n]/)
    expect(lines[1]).toMatch(
      /^::warning title=get\.deprecation-headers \[getPet \(deprecated\)\]::/,
    )
    expect(lines[2]).toBe(
      '::notice title=petstore-conformance::FAIL: 1 required check failed (exit 1). 1 error (1 annotated), 1 advisory warning (1 annotated); the job summary lists them all.',
    )
  })

  it('shows at most 10 of each kind, worst first, and counts them all in the notice', () => {
    const results = [...failing(14, 'advisory'), ...failing(12, 'required')]
    const lines = githubAnnotations(sampleResult({ results }))
    const errors = lines.filter((line) => line.startsWith('::error '))
    const warnings = lines.filter((line) => line.startsWith('::warning '))
    expect(errors).toHaveLength(MAX_ANNOTATIONS)
    expect(warnings).toHaveLength(MAX_ANNOTATIONS)
    // Worst first: the most failures first.
    expect(errors[0]).toMatch(/^::error title=required\.check-11 /)
    expect(errors[9]).toMatch(/^::error title=required\.check-2 /)
    expect(lines.at(-1)).toMatch(
      /12 errors \(10 annotated\), 14 advisory warnings \(10 annotated\)/,
    )
  })

  it('names why a stopped run stopped, as the first error', () => {
    const result = sampleResult({
      stopped: {
        reason: 'serverGone',
        code: 'ERR_PETSTORE_CONFORMANCE_SERVER_GONE',
        message:
          '[petstore-conformance] Failed to reach http://h/v1: 3 requests in a row failed (connection refused).',
        summary: '3 requests in a row failed (connection refused)',
      },
    })
    const lines = githubAnnotations(result)
    expect(lines[0]).toBe(
      '::error title=petstore-conformance stopped::[petstore-conformance] Failed to reach http://h/v1: 3 requests in a row failed (connection refused).',
    )
  })
})

describe('githubSummary', () => {
  it('shows the verdict, the counts and the facts, each failure folded in <details>, server text escaped', () => {
    const markdown = githubSummary(sampleResult())
    expect(markdown).toMatch(
      /^<h2>petstore-conformance: FAIL: 1 required check failed \(exit 1\)<\/h2>\n/,
    )
    expect(markdown).toContain('| 5 | 1 | 1 | 1 | 1 (1 required) | 1 (1 required) |')
    expect(markdown).toContain('<b>Seed</b>: 7')
    expect(markdown).toContain('<details><summary><code>list.limit</code> [listPets]')
    expect(markdown).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(markdown).not.toContain('<script>')
    expect(markdown).toContain('<details><summary>Skipped and not run (2)</summary>')
  })

  it('stays under 1 MiB however many failures there are, and says what it left out', () => {
    const results = failing(60, 'required')
    const markdown = githubSummary(sampleResult({ results }))
    expect(Buffer.byteLength(markdown)).toBeLessThan(MAX_SUMMARY_BYTES)
    expect(markdown).toMatch(/_\d+ more sections left out to keep the summary under 1 MiB/)
  })

  it("shows a server's Markdown as text: no link, image, autolink or heading from outside", () => {
    const location =
      'https://evil.example/pets/1 [click me](https://evil.example/a) ![x](https://evil.example/i.png) www.evil.example\n\n# Owned\n\n- [y](javascript:alert(1)) <img src=x> ` **b** ~~s~~ | a | b |'
    const results = [
      ...sampleResult().results,
      ...failing(1, 'required').map((entry) => ({
        ...entry,
        id: 'create.location' as CheckId,
        outcome: 'skipped' as const,
        failures: [],
        omittedFailures: 0,
        skipReason: `Location ${location} is on another origin`,
      })),
    ]
    const markdown = githubSummary(
      sampleResult({
        baseUrl: 'http://[x](https://evil.example)/v1',
        results: results.map((entry, index) =>
          index === 0
            ? { ...entry, failures: entry.failures.map((f) => ({ ...f, actual: location })) }
            : entry,
        ),
      }),
    )
    for (const sign of ['[click', '](', '![', '<img', '\n# Owned', '\n- ']) {
      expect(markdown).not.toContain(sign)
    }
    // Every line is the kit's: an HTML block of one line, or a row of the counts.
    for (const line of markdown.split('\n')) {
      expect(line, line).toMatch(/^(|<(h2|h3|p|blockquote|details)>.*|\| [^[]*|_\d+ more .*)$/)
    }
    expect(markdown).toContain('&#91;click me&#93;(https://evil.example/a)')
  })
})
