import { describe, expect, it } from 'vitest'
import { escapeXml } from '../../src/utils/escape-xml.ts'
import { showControls } from '../../src/utils/show-controls.ts'
import { sampleResult } from '../test-utils/sample-result.ts'
import { githubAnnotations, githubSummary } from './github-reporter.ts'
import { htmlReport } from './html-reporter.ts'
import { jsonReport } from './json-reporter.ts'
import { junitReport } from './junit-reporter.ts'
import { prettyProgress, prettyReport, progressLine } from './pretty-reporter.ts'

const result = sampleResult()

describe('junitReport', () => {
  const xml = junitReport(result)

  it('has one testcase per check and operation: classname the operationId, name the check id, real times', () => {
    expect(xml.match(/<testcase /g)).toHaveLength(5)
    expect(xml).toContain('<testcase name="list.limit" classname="listPets" time="0.230">')
    expect(xml).toContain(
      '<testsuite name="listPets" tests="2" failures="1" errors="0" skipped="1" time="0.250" timestamp="2026-01-01T00:00:00.000Z">',
    )
    expect(xml).toContain('<testsuite name="getPet (deprecated)" tests="2" failures="0"')
    expect(xml).toContain(
      '<testsuites name="petstore-conformance" tests="5" failures="1" errors="0" skipped="2" time="1.500" timestamp="2026-01-01T00:00:00.000Z">',
    )
  })

  it('fails required checks, warns advisory ones, skips the rest', () => {
    expect(xml).toContain(
      '<failure message="2 pets &lt;script&gt;alert(1)&lt;/script&gt; 100%\nnext" type="list.limit">list.limit',
    )
    expect(xml).toContain('reproduce: curl -i')
    expect(xml).toContain('<system-out>WARNING (advisory)')
    expect(xml).toContain('<skipped message="skipped: no 429 was received"/>')
    expect(xml).toContain('<skipped message="not run: the run stopped before it')
    expect(junitReport(sampleResult({ strict: true }))).toContain('type="get.deprecation-headers"')
  })

  it('--fail-on-skip turns skipped and not-run required checks into failures', () => {
    const strictSkips = junitReport(sampleResult({ failOnSkip: true }))
    expect(strictSkips).toContain(
      '<testsuites name="petstore-conformance" tests="5" failures="3" errors="0" skipped="0"',
    )
    expect(strictSkips).toContain('type="fail-on-skip"')
  })

  it('escapes XML and shows characters XML cannot carry as \\uXXXX', () => {
    expect(escapeXml(`<a b="c">'\u0001\uffff`)).toBe(
      '&lt;a b=&quot;c&quot;&gt;&apos;\\u0001\\uffff',
    )
  })

  it('reports a stopped run as an error with its code and the closing line', () => {
    const stopped = sampleResult({
      stopped: {
        reason: 'maxDuration',
        code: 'ERR_PETSTORE_CONFORMANCE_MAX_DURATION',
        message:
          '[petstore-conformance] Failed to finish the run in time: --max-duration 30 s reached.',
        summary: '--max-duration 30 s reached',
      },
    })
    expect(junitReport(stopped)).toContain(
      '<error message="STOPPED: --max-duration 30 s reached; 1 required check failed before; 1 check not run (exit 2)" type="ERR_PETSTORE_CONFORMANCE_MAX_DURATION">',
    )
  })
})

describe('jsonReport', () => {
  it('is one JSON document', () => {
    expect(JSON.parse(jsonReport(result))).toEqual(result)
  })
})

describe('prettyReport', () => {
  it('numbers one failure per result, its failure records as a. b., and says what the counts count', () => {
    const text = prettyReport(result)
    expect(text).toContain('Failures (1)')
    expect(text).toContain('  1) FAIL list.limit [listPets]')
    expect(text).not.toContain('  2) FAIL')
    expect(text).toContain('     a. expected: 200 with at most 1 pet')
    expect(text).toContain('     b. expected: 200 with at most 100 pets')
    expect(text).toContain('reproduce: curl -i')
    // The variable the curls read is named once, before them, and no key is written.
    expect(text.split("export PETSTORE_API_KEY='<your key>'")).toHaveLength(2)
    expect(text.indexOf('export PETSTORE_API_KEY')).toBeLessThan(text.indexOf('Failures (1)'))
    expect(text).toContain('Advisory warnings (1)')
    expect(text).toContain('W1) warning get.deprecation-headers')
    expect(text).toContain('getPet (deprecated) pass')
    expect(text).toContain(
      'Summary: 5 results (per check and operation): 1 passed, 1 failed, 1 advisory warning, 1 skipped (1 required), 1 not run (1 required)',
    )
    expect(text).toContain('Requests: 9')
    expect(text).toContain('pets created: 2')
    expect(text).toContain('--seed 7')
    expect(text).toContain('FAIL: 1 required check failed (exit 1)')
    expect(text).not.toContain('\u001b[')
  })
})

describe('verdict (the closing line)', () => {
  it.each([
    [{}, 'FAIL: 1 required check failed (exit 1)'],
    [{ strict: true }, 'FAIL: 1 required check failed; --strict: 1 advisory check failed (exit 1)'],
    [
      { failOnSkip: true },
      'FAIL: 1 required check failed; --fail-on-skip: 2 required checks skipped or not run (exit 1)',
    ],
  ])('%j: %s', (overrides, verdict) => {
    expect(sampleResult(overrides).verdict).toBe(verdict)
  })

  it('names an advisory-only failure under --strict, and a pass with warnings', () => {
    const onlyAdvisory = sampleResult().results.filter((entry) => entry.id !== 'list.limit')
    expect(sampleResult({ strict: true, results: onlyAdvisory }).verdict).toBe(
      '--strict: 1 advisory check failed (exit 1)',
    )
    expect(sampleResult({ results: onlyAdvisory }).verdict).toBe(
      'PASS with 1 advisory warning; 2 required checks skipped or not run (--fail-on-skip fails on them) (exit 0)',
    )
  })
})

describe('prettyProgress', () => {
  it('prints waits of the same kind in a row once, then how many more, and every long wait', () => {
    let text = ''
    const progress = prettyProgress((line) => {
      text += line
    })
    const backoff = (attempt: number, ms: number) =>
      progress({
        type: 'wait',
        ms,
        reason: `backing off after an unrequested 429 (attempt ${attempt} of 3)`,
      })
    for (let i = 0; i < 20; i++) {
      backoff(1, 1000)
      backoff(2, 2000)
      backoff(3, 4000)
    }
    progress({ type: 'probe', name: 'get a pet' })
    backoff(1, 60_000)
    progress({ type: 'done', result })
    expect(text.split('\n').filter(Boolean)).toEqual([
      '  ... backing off after an unrequested 429 (attempt 1 of 3): 1.0 s',
      '  ... and 59 more such waits (139.0 s)',
      '  ... backing off after an unrequested 429 (attempt 1 of 3): 60.0 s',
    ])
  })
})

describe('counts in words', () => {
  it('agree in number in every reporter ("1 advisory warning", "2 advisory warnings")', () => {
    const one = sampleResult({
      stats: { requests: 1, petsCreated: 1, unrequested429: 1, retries: 1, waitedMs: 0 },
    })
    const reports = {
      pretty: prettyReport(one),
      junit: junitReport(one),
      html: htmlReport(one),
      github: [...githubAnnotations(one), githubSummary(one)].join('\n'),
    }
    const singularAsPlural =
      /\b1 (advisory warnings|errors|results|checks|requests|retries|more failures|unrequested 429s|pets|sections)\b/
    for (const [name, text] of Object.entries(reports)) {
      expect(singularAsPlural.exec(text)?.[0], name).toBeUndefined()
    }
    expect(reports.pretty).toContain('1 advisory warning,')
    expect(reports.pretty).toContain('(1 unrequested 429, 1 retry,')
    expect(reports.github).toContain('1 advisory warning (1 annotated)')
    expect(reports.html).toContain('<b>1</b>advisory warning<')
    // Every human-readable report says what was not tested.
    expect(reports.pretty).toContain('Not tested: the rate-limit group (')
    expect(reports.html).toContain('<dt>Not tested</dt><dd>the rate-limit group (')
    expect(reports.github).toContain('<b>Not tested</b>: the rate-limit group (')
    const two = sampleResult({
      results: [...one.results, ...one.results.filter((entry) => entry.level === 'advisory')],
    })
    expect(prettyReport(two)).toContain('2 advisory warnings,')
    expect(htmlReport(two)).toContain('<b>2</b>advisory warnings<')
  })
})

describe('prettyProgress with control characters', () => {
  it('shows the control characters of every progress line as escapes', () => {
    let text = ''
    const progress = prettyProgress((line) => {
      text += line
    })
    progress({ type: 'start', baseUrl: 'http://x.test/\u001b[2J', seed: 1, checks: 3 })
    progress({ type: 'probe', name: 'list \u009b' })
    progress({ type: 'wait', ms: 1000, reason: 'Retry-After \u001b]0;t\u0007' })
    progress({ type: 'note', text: 'note \b\b\u202e' })
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the characters it must not find
    expect(text).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202e]/)
    expect(text).toContain('\\u001b[2J')
    // The probe's name is the progress line's, which the command writes through showControls.
    expect(
      showControls(
        progressLine({
          checksDone: 0,
          checks: 3,
          requests: 0,
          maxRequests: 9,
          waitedMs: 0,
          elapsedMs: 0,
          probe: 'list \u009b',
        }),
      ),
    ).toContain('\\u009b')
    expect(text).toContain('\\u001b]0;t\\u0007')
    expect(text).toContain('\\u0008\\u0008\\u202e')
  })
})
