import net from 'node:net'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningServer, startServer } from '../../adapter/node/start-server.ts'
import { type RawServer, startRawServer } from '../../test-utils/raw-server.ts'

/**
 * Property: whatever request target a client sends through the proxy (dot
 * segments plain or percent-encoded in any case, encoded slashes and
 * backslashes, absolute forms, odd characters), the upstream only ever
 * receives a path under its API root without a dot segment (also none
 * behind `;` path parameters), an encoded control byte or a double-encoded
 * dot, slash, backslash or NUL, and every
 * request the proxy refuses gets a 400 Error body. Seeded and bounded.
 */

const SEED = 20_261_125
const RUNS = 300

const segment = fc.oneof(
  fc.constantFrom(
    'pets',
    '1',
    '..',
    '.',
    '%2e%2e',
    '%2E%2e',
    '.%2e',
    '%2e',
    '%2f',
    '%5C',
    '\\',
    'a%2Fb',
    '',
    '%25',
    '~',
    '%00',
    '%01',
    '%1F',
    '%7f',
    '..;',
    '..;jsessionid=1',
    '%2e%2e;x',
    '.;',
    'a;b',
    '%252e%252e',
    '%252F',
    '%255c',
    '%2500',
    '#',
    '..#',
    '.#',
    '#/..',
    '..%23',
    '..%3F',
    '.%2e%23x',
    '.\t.',
    '..\t',
  ),
  fc.stringMatching(/^[A-Za-z0-9._~%-]{1,8}$/),
)
/** A query, sometimes with a fragment after it. */
const query = fc.constantFrom('', '', '', '', '?limit=1', '?a=#/../..', '?#', '?a=1#x')
const target = fc.oneof(
  fc
    .tuple(fc.array(segment, { minLength: 1, maxLength: 6 }), query)
    .map(([parts, rest]) => `/v1/${parts.join('/')}${rest}`),
  fc.array(segment, { minLength: 1, maxLength: 4 }).map((parts) => `/${parts.join('/')}`),
  fc.constantFrom('http://127.0.0.1:1/v1/pets', 'https://evil.test/v1/pets', '//evil.test/v1/pets'),
)

/** A target percent-decoded once (as written where a byte does not decode). */
function decodedTarget(target: string): string {
  return target.replace(/(%[0-9a-f]{2})+/gi, (run) => {
    try {
      return decodeURIComponent(run)
    } catch {
      return run
    }
  })
}

/** One request line through a socket; the status of the answer and its body. */
function send(url: string, path: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve) => {
    let received = ''
    const socket = net.connect(Number(port), hostname, () =>
      socket.write(
        `GET ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAuthorization: Bearer sk_ref\r\nConnection: close\r\n\r\n`,
      ),
    )
    socket.setEncoding('latin1')
    socket.on('data', (chunk: string) => {
      received += chunk
    })
    socket.on('error', () => {})
    socket.on('close', () =>
      resolve({
        status: Number(received.split(' ')[1]),
        body: received.slice(received.indexOf('\r\n\r\n') + 4),
      }),
    )
  })
}

describe('the proxy never forwards outside its API root', () => {
  let upstream: RawServer
  let mock: RunningServer
  const seen: Array<string> = []

  beforeAll(async () => {
    upstream = await startRawServer((req, res) => {
      seen.push(req.url ?? '')
      res.writeHead(200, { 'content-type': 'application/json' }).end('[]')
    })
    mock = await startServer({ port: 0, proxy: `${upstream.url}/api/v1` })
  })
  afterAll(async () => {
    await mock.close()
    await upstream.close()
  })

  it.each([
    '/v1/..;/admin',
    '/v1/pets/..;jsessionid=x/..;/admin',
    '/v1/%2e%2e;x/admin',
    '/v1/.;/pets',
    '/v1/pets/%00',
    '/v1/pets/%0a',
    '/v1/pets/%7F',
    '/v1/%252e%252e/admin',
    '/v1/pets%252fadmin',
    '/v1/pets%255cadmin',
    '/v1/pets/%2500',
    '/v1/..#',
    '/v1/pets/..#',
    '/v1/#/../..',
    '/v1/pets?a=#/../..',
    '/v1/..%23/admin',
    '/v1/pets/..%3f',
  ])('refuses %s with a 400 Error body and forwards nothing', async (path) => {
    const before = seen.length
    const { status, body } = await send(mock.url, path)
    expect(status).toBe(400)
    expect(JSON.parse(body)).toMatchObject({ code: 'invalid_request', status: 400 })
    expect(seen.length).toBe(before)
  })

  it('sends the upstream only paths under its root, and refuses the rest with a 400 Error body', async () => {
    await fc.assert(
      fc.asyncProperty(target, async (path) => {
        const before = seen.length
        const { status, body } = await send(mock.url, path)
        expect(status, path).toBeGreaterThanOrEqual(200)
        expect(status, path).toBeLessThan(500)
        if (seen.length > before) {
          const forwarded = seen.at(-1) ?? ''
          expect(forwarded.startsWith('/api/v1'), `${path} -> ${forwarded}`).toBe(true)
          // What an upstream that reads its target with the WHATWG URL parser resolves.
          const resolved = new URL(forwarded, 'http://upstream.test').pathname
          expect(/^\/api\/v1(\/|$)/.test(resolved), `${path} -> ${forwarded} -> ${resolved}`).toBe(
            true,
          )
          // And what one resolves that decodes the target once before.
          const decodedOnce = new URL(decodedTarget(forwarded), 'http://upstream.test').pathname
          expect(
            /^\/api\/v1(\/|$)/.test(decodedOnce),
            `${path} -> ${forwarded} -> ${decodedOnce}`,
          ).toBe(true)
          const segments = forwarded.split('?')[0]?.split('/') ?? []
          for (const part of segments) {
            const bare = part.replace(/%2e/gi, '.').split(';')[0]
            expect(['.', '..'], `${path} -> ${forwarded}`).not.toContain(bare)
            expect(part, `${path} -> ${forwarded}`).not.toMatch(/%2f|%5c|\\/i)
            expect(part, `${path} -> ${forwarded}`).not.toMatch(
              /%[01][0-9a-f]|%7f|%25(?:2e|2f|5c|00)/i,
            )
          }
        } else if (status === 400) {
          expect(JSON.parse(body), path).toMatchObject({ code: 'invalid_request', status: 400 })
        }
      }),
      { seed: SEED, numRuns: RUNS },
    )
    expect(seen.length).toBeGreaterThan(10)
  }, 60_000)
})
