import { describe, expect, it } from 'vitest'
import { proxyBanner } from './proxy-banner.ts'
import { securityBanner } from './security-banner.ts'

const mockLines = [
  '  data:      100 pets, 6 categories, 200 orders',
  '  limits:    on, windows of 1 min and 1 day; banned for 5 min at the 10th request after a 429',
  '  keys:',
  '    sk_test_free           free       60/min, 1000/day',
]

describe('proxyBanner', () => {
  it("says the upstream answers and shows none of the mock's data, limits or keys without a fallback", () => {
    const lines = proxyBanner({
      api: 'http://127.0.0.1:4010/v1',
      upstream: 'https://staging.example.com/v1',
      fallback: false,
      mockLines,
    })
    expect(lines[0]).toBe(
      '  proxy:     http://127.0.0.1:4010/v1 -> https://staging.example.com/v1: the upstream answers, with its own data, keys and rate limits',
    )
    expect(lines.join('\n')).toContain("your request's mistakes after 'your request:'")
    expect(lines.join('\n')).toContain('fallback:  none')
    expect(lines.join('\n')).not.toMatch(/100 pets|limits:|keys:|sk_test_free/)
  })

  it("shows the mock's data, limits and keys only as the fallback's, and the recording", () => {
    const lines = proxyBanner({
      api: 'http://127.0.0.1:4010/v1',
      upstream: 'https://staging.example.com/v1',
      fallback: true,
      record: 'recorded.json',
      mockLines,
    })
    const fallback = lines.findIndex((line) => line.startsWith('  fallback:  '))
    expect(lines[fallback]).toMatch(
      /no route or is down, the mock answers \(fallback:… in the log\)$/,
    )
    expect(lines[fallback + 1]).toMatch(
      /^ {13}with its own data \(ids not the upstream's: .*\), limits and keys:$/,
    )
    // Indented under the fallback lines.
    expect(lines.slice(fallback + 2, fallback + 6)).toEqual(mockLines.map((line) => `  ${line}`))
    expect(lines.at(-1)).toBe(
      '  record:    the pets and orders the upstream answers with, added to recorded.json by id (what it holds is kept)',
    )
  })

  it('warns that other machines reach the upstream through a mock bound beyond loopback', () => {
    const [warning] = securityBanner({
      host: '0.0.0.0',
      beyondLoopback: true,
      adminToken: undefined,
      proxy: 'https://staging.example.com/v1',
    })
    expect(warning).toContain('can reach the API (and through it https://staging.example.com/v1)')
  })
})
