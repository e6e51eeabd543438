import { request } from 'undici'
import { describe, expect, it, vi } from 'vitest'
import { runMockCli } from '../../cli/run-mock-cli.ts'

/** Runs `petstore-mock` in-process on a free port until `use` is done. */
async function withCli(flags: Array<string>, use: (url: string) => Promise<void>) {
  const lines: Array<string> = []
  const io = {
    out: (line: string) => lines.push(line),
    err: (line: string) => lines.push(line),
    env: {},
  }
  const exited = runMockCli(['--port', '0', '--quiet', ...flags], io)
  const url = await vi.waitFor(() => {
    const found = lines.join('\n').match(/listening on (http:\/\/\S+)/)?.[1]
    if (found === undefined) throw new Error(`not listening yet: ${lines.join('\n')}`)
    return found
  })
  try {
    await use(url)
  } finally {
    process.emit('SIGTERM')
    expect(await exited).toBe(0)
  }
  return lines
}

async function get(url: string, key: string) {
  const response = await request(url, { headers: { authorization: `Bearer ${key}` } })
  const text = await response.body.text()
  return { status: response.statusCode, headers: response.headers, body: text && JSON.parse(text) }
}

describe('petstore-mock rate-limit flags', () => {
  it('sets Enterprise limits, own keys, bans and the time scale', async () => {
    const lines = await withCli(
      [
        '--rate-limit-scale',
        '10',
        '--ban-after',
        '0',
        '--ban-seconds',
        '3600',
        '--enterprise-per-minute',
        '3',
        '--enterprise-per-day',
        '500',
        '--api-key',
        'sk_one=enterprise:1/100',
      ],
      async (url) => {
        const enterprise = await get(`${url}/v1/pets`, 'sk_test_enterprise')
        expect(enterprise.headers['x-ratelimit-limit']).toBe('3')
        expect(enterprise.headers['x-ratelimit-remaining']).toBe('2')
        // With 1 a minute and no request tolerated after a 429, the first refusal is a ban:
        // 3600 s / 10. (The loop absorbs a window boundary between two requests.)
        let refused: Awaited<ReturnType<typeof get>> | undefined
        for (let i = 0; i < 5 && refused === undefined; i++) {
          const response = await get(`${url}/v1/pets`, 'sk_one')
          if (response.status === 429) refused = response
        }
        expect(refused?.body.code).toBe('key_banned')
        expect(refused?.headers['retry-after']).toBe('360')
        expect(refused?.headers['x-ratelimit-limit']).toBe('1')
      },
    )
    expect(lines).toContain(
      '  limits:    on, windows of 6 s and 2.4 h (--rate-limit-scale 10); banned for 6 min at the first request over a limit',
    )
    expect(lines).toContainEqual(expect.stringMatching(/sk_one\s+enterprise\s+1\/6 s, 100\/2\.4 h/))
    expect(lines).toContainEqual(
      expect.stringMatching(/sk_test_enterprise\s+enterprise\s+3\/6 s, 500\/2\.4 h/),
    )
  })

  it('--rate-limit off sends the headers and never 429; --no-admin hides /__mock/', async () => {
    const lines = await withCli(
      ['--rate-limit', 'off', '--enterprise-per-minute', '1', '--no-admin'],
      async (url) => {
        for (let i = 0; i < 5; i++) {
          const response = await get(`${url}/v1/pets`, 'sk_test_enterprise')
          expect(response.status).toBe(200)
          expect(response.headers['x-ratelimit-limit']).toBe('1')
          expect(response.headers['x-ratelimit-remaining']).toBe('0')
        }
        expect((await request(`${url}/__mock/state`)).statusCode).toBe(404)
      },
    )
    expect(lines).toContain(
      '  limits:    off: never 429 (the X-RateLimit-* headers are still sent)',
    )
  })

  it('refuses a bad scale with a message', async () => {
    const lines: Array<string> = []
    const io = {
      out: (line: string) => lines.push(line),
      err: (line: string) => lines.push(line),
      env: {},
    }
    expect(await runMockCli(['--port', '0', '--rate-limit-scale', '0'], io)).toBe(1)
    expect(lines).toEqual([
      '[petstore-mock] Failed to read the flags: --rate-limit-scale must be a number from 0.001 to 10000, got 0.',
    ])
  })
})
