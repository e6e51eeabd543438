import { describe, expect, it } from 'vitest'
import { createPetstoreCore } from '../app/create-petstore-core.ts'
import type { CliIo } from './cli-io.ts'
import { type MockArgs, parseMockFlags } from './parse-mock-flags.ts'
import { startBanner } from './start-banner.ts'

const io: CliIo = { out: () => undefined, err: () => undefined, env: {} }

async function argsOf(argv: Array<string>): Promise<MockArgs> {
  const args = await parseMockFlags(argv, io)
  if (args === undefined) throw new Error(`no arguments from ${argv.join(' ')}`)
  return args
}

const url = 'http://127.0.0.1:4010'

describe('startBanner', () => {
  it("names where the API, the document and the dashboard are, the mock's data and keys, and a curl", async () => {
    const petstore = createPetstoreCore({ pets: 3, orders: 2 })
    await petstore.ready
    const lines = startBanner(await argsOf([]), { url, adminToken: undefined, petstore })
    expect(lines[0]).toMatch(/^petstore-mock \S+ listening on http:\/\/127\.0\.0\.1:4010$/)
    expect(lines).toContain(`  API:       ${url}/v1   OpenAPI: ${url}/openapi.json`)
    expect(lines).toContain(`  dashboard: ${url}/__mock/   control: ${url}/__mock/state`)
    expect(lines).toContain('  data:      3 pets, 6 categories, 2 orders')
    expect(lines.some((line) => /^ {4}sk_test_free +free /.test(line))).toBe(true)
    expect(lines).toContain(
      `  try:       curl -H 'Authorization: Bearer sk_test_free' '${url}/v1/pets?limit=3'`,
    )
  })

  it('gives the dashboard its token in the fragment, and shows no dashboard with --no-admin', async () => {
    const petstore = createPetstoreCore()
    const withToken = startBanner(await argsOf(['--admin-token', 'a'.repeat(32)]), {
      url,
      adminToken: 'a'.repeat(32),
      petstore,
    })
    expect(withToken).toContain(
      `  dashboard: ${url}/__mock/#token=${'a'.repeat(32)}   control: ${url}/__mock/state`,
    )
    const noAdmin = startBanner(await argsOf(['--no-admin']), {
      url,
      adminToken: undefined,
      petstore,
    })
    expect(noAdmin.join('\n')).not.toContain('dashboard:')
  })

  it("in proxy mode names the upstream, hides the mock's keys without a fallback and tries the upstream's key", async () => {
    const upstream = 'https://staging.example.com/v1'
    const petstore = createPetstoreCore({ proxy: upstream })
    const lines = startBanner(await argsOf(['--proxy', upstream]), {
      url,
      adminToken: undefined,
      petstore,
    })
    expect(lines.join('\n')).toContain(`proxy:     ${url}/v1 -> ${upstream}`)
    expect(lines.join('\n')).not.toContain('sk_test_free')
    expect(lines.join('\n')).toContain("Bearer <your upstream key>'")
  })
})
