import { type ChildProcess, spawn } from 'node:child_process'
import http from 'node:http'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MASKED_CREDENTIAL_PREFIX } from '../src/core/plans/mask-key.ts'

// A real mock (the CLI, with --log-format json) sent a dozen shapes of
// Authorization: the journal, the event stream and the JSON log show at most
// a known scheme and a short prefix of each key, in plain ASCII.

const ROOT = fileURLToPath(new URL('../', import.meta.url))
const SECRET = 'sk_live_5f2b9c0d1e7a4b3c'

/** Raw header bytes: node sends a string's characters as latin1, so UTF-8 goes as its bytes. */
const bytes = (text: string) => Buffer.from(text, 'utf8').toString('latin1')

const SHAPES: Array<[shape: string, value: string, key: string]> = [
  ['Bearer and a space', `Bearer ${SECRET}`, SECRET],
  ['no scheme', SECRET, SECRET],
  ['scheme glued to the key', `Bearer${SECRET}`, SECRET],
  ['scheme, colon', `Bearer:${SECRET}`, SECRET],
  ['scheme, comma', `Bearer,${SECRET}`, SECRET],
  ['several spaces', `Bearer     ${SECRET}`, SECRET],
  ['tabs', `Bearer\t\t${SECRET}`, SECRET],
  ['upper case', `BEARER ${SECRET}`, SECRET],
  ['lower case', `bearer ${SECRET}`, SECRET],
  ['Basic credentials', 'Basic dXNlcjpzM2NyM3QtcGFzc3dvcmQ=', 'dXNlcjpzM2NyM3QtcGFzc3dvcmQ='],
  ['unknown scheme', `ApiKeyX ${SECRET}`, `ApiKeyX ${SECRET}`],
  ['two keys', `Bearer ${SECRET} ${SECRET}`, SECRET],
  ['very long', `Bearer ${SECRET}${'x9'.repeat(2_000)}`, `${SECRET}${'x9'.repeat(2_000)}`],
  ['non-ASCII', bytes(`Bearer ключ${SECRET}`), `ключ${SECRET}`],
  ['empty', '', ''],
]

/** C1 controls (CSI, OSC, ST) and a right-to-left override, as a client may send them. */
const HOSTILE_AGENT = 'agent \u009b2J\u009d0;owned\u009c \u202eZ'

/** Whether `shown` holds a run of the key longer than the prefix a mask may keep. */
function leaks(shown: string, key: string): boolean {
  const size = MASKED_CREDENTIAL_PREFIX + 1
  for (let at = 0; at + size <= key.length; at += 1) {
    if (shown.includes(key.slice(at, at + size))) return true
  }
  return false
}

function send(url: string, path: string, authorization: string, shape: string) {
  return new Promise<void>((resolve, reject) => {
    const request = http.request(`${url}${path}`, {
      headers: { authorization, 'user-agent': shape },
    })
    request.on('response', (response) => {
      response.resume().on('end', resolve)
    })
    request.on('error', reject)
    request.end()
  })
}

/** The first `count` `request` events of the stream, from the start of the journal. */
function readEvents(url: string, count: number) {
  return new Promise<Array<{ headers: Record<string, string> }>>((resolve, reject) => {
    const request = http.get(`${url}/__mock/events?since=0`, (response) => {
      let text = ''
      response.setEncoding('utf8').on('data', (chunk: string) => {
        text += chunk
        const events = [...text.matchAll(/^id: \d+\nevent: request\ndata: (.*)$/gm)]
        if (events.length >= count) {
          request.destroy()
          resolve(events.map((match) => JSON.parse(match[1] as string)))
        }
      })
    })
    request.on('error', reject)
  })
}

describe('Authorization in the journal, the event stream and the JSON log', () => {
  let child: ChildProcess
  let url: string
  let stdout = ''
  type Shown = Record<'journal' | 'events' | 'log', Array<{ headers: Record<string, string> }>>
  let places: Shown

  beforeAll(async () => {
    child = spawn(
      process.execPath,
      [join(ROOT, 'bin/petstore-mock.ts'), '--port', '0', '--log-format', 'json'],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    )
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk
    })
    url = await new Promise<string>((resolve, reject) => {
      let stderr = ''
      child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
        stderr += chunk
        const match = /listening on (http:\/\/\S+)\n/.exec(stderr)
        if (match) resolve(match[1] as string)
      })
      child.once('exit', () => reject(new Error(`the mock exited: ${stderr}`)))
    })
    for (const [shape, value] of SHAPES) await send(url, '/v1/pets?limit=1', value, shape)
    // Then a client whose User-Agent holds C1 controls and a bidi override.
    await send(url, '/v1/pets?limit=1', 'Bearer sk_test_free', bytes(HOSTILE_AGENT))
    places = await shown()
  })

  afterAll(() => {
    child.kill('SIGTERM')
  })

  const shown = async (): Promise<Shown> => {
    const response = await fetch(`${url}/__mock/requests`)
    const journal = ((await response.json()) as Array<{ headers: Record<string, string> }>).slice(
      0,
      SHAPES.length,
    )
    const events = await readEvents(url, SHAPES.length)
    while (stdout.split('\n').filter((line) => line.startsWith('{')).length <= SHAPES.length) {
      await new Promise((resolve) => child.stdout?.once('data', resolve))
    }
    const log = stdout
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { headers: Record<string, string> })
      .slice(0, SHAPES.length)
    return { journal, events, log }
  }

  it.each(SHAPES.map(([shape, , key], index) => [shape, index, key] as const))(
    '%s: at most a known scheme and a short prefix of the key, in ASCII',
    (_, index, key) => {
      for (const [place, entries] of Object.entries(places)) {
        const entry = entries[index]
        expect(entry?.headers['user-agent'], place).toBe(SHAPES[index]?.[0])
        const masked = entry?.headers.authorization ?? ''
        expect(leaks(masked, key), `${place}: ${masked}`).toBe(false)
        expect(masked, place).toMatch(/^(?:[A-Za-z]+ )?[A-Za-z0-9._~+/=-]{0,6}\.\.\.$/)
      }
    },
  )

  it('shows the same mask everywhere: scheme kept by name, the key cut short', () => {
    const { journal, events, log } = places
    expect(events.map((entry) => entry.headers.authorization)).toEqual(
      journal.map((entry) => entry.headers.authorization),
    )
    expect(log.map((entry) => entry.headers.authorization)).toEqual(
      journal.map((entry) => entry.headers.authorization),
    )
    expect(journal.slice(0, 4).map((entry) => entry.headers.authorization)).toEqual([
      'Bearer sk_liv...',
      'sk_liv...',
      'Bearer sk_liv...',
      'Bearer sk_liv...',
    ])
  })

  it('masks credentials in the query (api_key, token, password, ...) everywhere, the HAR included', async () => {
    const secrets = ['qsecret777', 'tsecret888', 'psecret999']
    await send(
      url,
      `/v1/pets?api_key=${secrets[0]}&limit=1&Token=${secrets[1]}&PassWord=${secrets[2]}`,
      'Bearer sk_test_free',
      'query credentials',
    )
    const count = SHAPES.length + 2
    const events = await readEvents(url, count)
    while (stdout.split('\n').filter((line) => line.startsWith('{')).length < count) {
      await new Promise((resolve) => child.stdout?.once('data', resolve))
    }
    const journal = await (await fetch(`${url}/__mock/requests`)).text()
    const har = await (await fetch(`${url}/__mock/requests.har`)).text()
    const shown = { journal, har, events: JSON.stringify(events), log: stdout }
    for (const [place, text] of Object.entries(shown)) {
      for (const secret of secrets) expect(leaks(text, secret), `${place}: ${secret}`).toBe(false)
    }
    const entry = (JSON.parse(journal) as Array<{ query: Record<string, string> }>).find(
      (item) => item.query.limit === '1' && 'api_key' in item.query,
    )
    expect(entry?.query).toEqual({
      api_key: '...',
      limit: '1',
      Token: '...',
      PassWord: '...',
    })
  })

  it("writes a client's C1 controls and bidi overrides to the JSON log as JSON escapes", () => {
    const line = stdout.split('\n').filter((text) => text.startsWith('{'))[SHAPES.length] as string
    expect(line).not.toMatch(/[\u0080-\u009f\u202a-\u202e\u2066-\u2069]/)
    expect(line).toContain('\\u009b2J')
    // Header bytes arrive as latin1 characters: the UTF-8 of U+009B is C2 9B.
    expect(JSON.parse(line).headers['user-agent']).toBe(bytes(HOSTILE_AGENT))
  })
})
