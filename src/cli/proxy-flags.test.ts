import { describe, expect, it } from 'vitest'
import { type CliIo, runMockCli } from './run-mock-cli.ts'

async function run(argv: Array<string>) {
  const err: Array<string> = []
  const io: CliIo = { out: () => {}, err: (line) => err.push(line), env: {} }
  const code = await runMockCli(argv, io)
  return { code, err }
}

describe('petstore-mock --proxy flags', () => {
  it.each([
    ['ftp://staging.example.com/v1', 'must use http: or https:, not ftp:'],
    ['https://user:pass@staging.example.com/v1', 'must not hold a user or password'],
    ['https://staging.example.com/v1?key=1', 'must not hold a query'],
    ['https://staging.example.com/v1#top', 'must not hold a fragment'],
    ['staging.example.com/v1', 'is not an absolute URL'],
  ])('refuses --proxy %s with one line naming --proxy, exit code 1', async (url, reason) => {
    const { code, err } = await run(['--port', '0', '--proxy', url])
    expect(code).toBe(1)
    expect(err).toHaveLength(1)
    expect(err[0]).toMatch(/^\[petstore-mock\] Failed to set up the proxy: --proxy /)
    expect(err[0]).toContain(reason)
  })

  it('refuses --record and --proxy-fallback without --proxy', async () => {
    expect(await run(['--port', '0', '--record', 'x.json'])).toEqual({
      code: 1,
      err: ['[petstore-mock] Failed to read the flags: --record needs --proxy URL.'],
    })
    expect((await run(['--port', '0', '--proxy-fallback', 'mock'])).err).toEqual([
      '[petstore-mock] Failed to read the flags: --proxy-fallback needs --proxy URL.',
    ])
    expect(
      (await run(['--port', '0', '--proxy', 'http://127.0.0.1:9/v1', '--proxy-fallback', 'maybe']))
        .code,
    ).toBe(1)
  })
})
