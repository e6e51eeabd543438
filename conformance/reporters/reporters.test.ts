import { describe, expect, it } from 'vitest'
import type { ConformanceResult } from '../types.ts'
import { jsonReport } from './json-reporter.ts'
import { escapeXml, junitReport } from './junit-reporter.ts'
import { prettyReport } from './pretty-reporter.ts'

const result: ConformanceResult = {
  tool: 'petstore-conformance',
  baseUrl: 'http://h/v1',
  startedAt: '2026-01-01T00:00:00.000Z',
  durationMs: 1500,
  seed: 7,
  strict: false,
  readOnly: false,
  include: [],
  exitCode: 1,
  ok: false,
  summary: { passed: 1, failed: 1, warnings: 1, skipped: 1 },
  stats: { requests: 9, petsCreated: 2, unrequested429: 0, retries: 0, waitedMs: 0 },
  results: [
    {
      id: 'list.limit',
      title: '`limit` 1 and 100 are honoured',
      section: '§4.1',
      level: 'required',
      group: 'default',
      operation: 'listPets',
      deprecated: false,
      outcome: 'failed',
      passes: 0,
      failures: [
        {
          checkId: 'list.limit',
          operation: 'listPets',
          message: 'x',
          expected: '200 with at most 1 pets',
          actual: '2 pets <&>',
          curl: `curl -i 'http://h/v1/pets?limit=1' -H "Authorization: Bearer $PETSTORE_API_KEY"`,
        },
      ],
      omittedFailures: 0,
      expected: 'e',
    },
    {
      id: 'get.deprecation-headers',
      title: 'Deprecation',
      section: '§9',
      level: 'advisory',
      group: 'default',
      operation: 'getPet',
      deprecated: true,
      outcome: 'failed',
      passes: 0,
      failures: [
        {
          checkId: 'get.deprecation-headers',
          operation: 'getPet',
          message: 'm',
          expected: 'Sunset',
          actual: 'missing',
        },
      ],
      omittedFailures: 0,
      expected: 'e',
    },
    {
      id: 'get.valid',
      title: 'ok',
      section: '§4.3',
      level: 'required',
      group: 'default',
      operation: 'getPet',
      deprecated: true,
      outcome: 'passed',
      passes: 1,
      failures: [],
      omittedFailures: 0,
      expected: 'e',
    },
    {
      id: 'ratelimit.retry-after',
      title: 'Retry-After',
      section: '§8',
      level: 'required',
      group: 'default',
      operation: 'listPets',
      deprecated: false,
      outcome: 'skipped',
      passes: 0,
      failures: [],
      omittedFailures: 0,
      skipReason: 'no 429 was received',
      expected: 'e',
    },
  ],
}

describe('junitReport', () => {
  const xml = junitReport(result)

  it('has one testcase per check and operation, grouped by operation', () => {
    expect(xml.match(/<testcase /g)).toHaveLength(4)
    expect(xml).toContain('<testsuite name="getPet (deprecated)" tests="2" failures="0"')
    expect(xml).toContain('<testsuites name="petstore-conformance" tests="4" failures="1"')
  })

  it('fails required checks, warns advisory ones, skips the rest', () => {
    expect(xml).toContain('<failure message="2 pets &lt;&amp;&gt;" type="list.limit">')
    expect(xml).toContain('reproduce: curl -i')
    expect(xml).toContain('<system-out>WARNING (advisory)')
    expect(xml).toContain('<skipped message="no 429 was received"/>')
    expect(junitReport({ ...result, strict: true })).toContain('type="get.deprecation-headers"')
  })

  it('escapes XML and drops characters XML cannot carry', () => {
    expect(escapeXml(`<a b="c">'\u0001`)).toBe('&lt;a b=&quot;c&quot;&gt;&apos;')
  })

  it('reports an aborted run as an error', () => {
    expect(junitReport({ ...result, aborted: 'server gone' })).toContain(
      '<error message="server gone" type="aborted"/>',
    )
  })
})

describe('jsonReport', () => {
  it('is one JSON document', () => {
    expect(JSON.parse(jsonReport(result))).toEqual(result)
  })
})

describe('prettyReport', () => {
  it('shows each failure with expected, actual, curl and the verdict', () => {
    const text = prettyReport(result)
    expect(text).toContain('1) FAIL list.limit [listPets]')
    expect(text).toContain('expected: 200 with at most 1 pets')
    expect(text).toContain('reproduce: curl -i')
    expect(text).toContain('warning (advisory) get.deprecation-headers')
    expect(text).toContain('getPet (deprecated) pass')
    expect(text).toContain('Requests: 9')
    expect(text).toContain('pets created: 2')
    expect(text).toContain('--seed 7')
    expect(text).toContain('FAIL: a required check failed (exit 1)')
    expect(text).not.toContain('\u001b[')
  })
})
