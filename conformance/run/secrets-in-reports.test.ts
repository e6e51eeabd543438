import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PASSWORD_PLACEHOLDER } from '../model/kit-secrets.ts'
import { MIN_SECRET_PART_LENGTH } from '../model/redactor.ts'
import { fakeClock } from '../test-utils/fake-clock.ts'
import {
  createFaultProxy,
  type FaultProxy,
  type ProxiedResponse,
} from '../test-utils/fault-proxy.ts'
import { type ReferenceServer, startReferenceServer } from '../test-utils/reference-server.ts'
import { runAgainstReference } from '../test-utils/run-reference.ts'
import { runCli } from './cli.ts'

// A server that echoes the secrets it was given (the key, the second key, the
// base URL's password) in the forms servers write them in, into headers, Error
// bodies and Location: no report of the kit, in any format, shows them, and
// the verdicts are those of a run where the same places hold a text that is
// no secret.

/** How one echo writes a secret: which part, in which case, each character in which form. */
interface Form {
  cut: 'whole' | 'start' | 'end'
  /** The part's length when cut (at least MIN_SECRET_PART_LENGTH). */
  length: number
  letters: 'as-is' | 'upper' | 'lower'
  /** Per character, cycled: as is, percent-encoded, an HTML reference, a JSON escape (in bodies). */
  chars: Array<'raw' | 'percent' | 'html' | 'json'>
}

const HTML_NAMED: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }

function percent(char: string): string {
  return [...Buffer.from(char, 'utf8')]
    .map((byte) => `%${byte.toString(16).padStart(2, '0').toUpperCase()}`)
    .join('')
}

function html(char: string, index: number): string {
  const code = char.codePointAt(0) ?? 0
  return [HTML_NAMED[char], `&#${code};`, `&#x${code.toString(16)};`][index % 3] ?? `&#${code};`
}

/** The secret as `form` writes it; `inJson` writes it inside a JSON string (quotes and backslashes escaped). */
function written(secret: string, form: Form, inJson: boolean): string {
  const length = Math.max(MIN_SECRET_PART_LENGTH, Math.min(form.length, secret.length))
  const part =
    form.cut === 'start'
      ? secret.slice(0, length)
      : form.cut === 'end'
        ? secret.slice(secret.length - length)
        : secret
  const cased =
    form.letters === 'upper'
      ? part.toUpperCase()
      : form.letters === 'lower'
        ? part.toLowerCase()
        : part
  return [...cased]
    .map((char, index) => {
      const kind = form.chars[index % form.chars.length] ?? 'raw'
      if (kind === 'percent') return percent(char)
      if (kind === 'html') return html(char, index)
      if (kind === 'json' && inJson) {
        return char === '/'
          ? '\\/'
          : `\\u${(char.codePointAt(0) ?? 0).toString(16).padStart(4, '0')}`
      }
      return inJson ? JSON.stringify(char).slice(1, -1) : char
    })
    .join('')
}

/** Characters of the generated secrets: those that have an escape in some form, and letters for case. */
const SECRET_CHARS = [...'abcXYZ0189_-./"&%+~:=<>\'']
const secret = (prefix: string) =>
  fc
    .array(fc.constantFrom(...SECRET_CHARS), { minLength: 12, maxLength: 22 })
    .map((chars) => `${prefix}${chars.join('')}`)

const form: fc.Arbitrary<Form> = fc.record({
  cut: fc.constantFrom('whole', 'start', 'end'),
  length: fc.integer({ min: MIN_SECRET_PART_LENGTH, max: 30 }),
  letters: fc.constantFrom('as-is', 'upper', 'lower'),
  chars: fc.array(fc.constantFrom('raw', 'percent', 'html', 'json'), {
    minLength: 1,
    maxLength: 6,
  }),
})

interface Secrets {
  token: string
  otherToken: string
  password: string
}

/** The echoes of one response: a form per secret for headers, bodies and Location. */
interface Echoes {
  header: Form
  body: Form
  location: Form
}

/** Rules that echo `shown` (the secrets, or a text that is none) into every answer. */
function echoRules(shown: Secrets, echoes: Echoes) {
  const all = [shown.token, shown.otherToken, shown.password]
  const each = (how: Form, inJson: boolean) => all.map((one) => written(one, how, inJson))
  return [
    {
      // The proxy reads the bodies it echoes into: no compression.
      request: (request: { headers: Record<string, string> }) => {
        delete request.headers['accept-encoding']
        return request as never
      },
      response: (response: ProxiedResponse, request: { method: string; path: string }) => {
        const headers = { ...response.headers }
        for (const [index, text] of each(echoes.header, false).entries()) {
          headers[`x-echo-${index}`] = text
        }
        if (request.method === 'POST' && response.status === 201) {
          headers.location = `https://echo.example/${each(echoes.location, false).join('/')}`
        }
        // An Error body says what it was sent: the secrets and the request's URL.
        const body = response.body.replace(
          /"message":"/,
          `"message":"${each(echoes.body, true).join(' ')} ${JSON.stringify(request.path).slice(1, -1)} `,
        )
        return { ...response, headers, body }
      },
    },
  ]
}

const ONLY = ['auth', 'shape.headers', 'create.location', 'ratelimit.keys-separate']

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kit-secrets-'))
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

/** Runs the CLI with every reporter against the reference server behind an echoing proxy. */
async function runEchoed(secrets: Secrets, shown: Secrets, echoes: Echoes, name: string) {
  const clock = fakeClock()
  // The server takes the key, not the second one: its refusal is a skip reason that quotes it.
  const server: ReferenceServer = await startReferenceServer({
    clock: clock.now,
    tokens: [secrets.token],
    fault: 'key-matched-by-prefix',
  })
  const proxy: FaultProxy = await createFaultProxy({
    target: server.baseUrl,
    rules: echoRules(shown, echoes) as never,
  })
  try {
    const base = new URL(server.baseUrl)
    const baseUrl = `http://ci:${encodeURIComponent(secrets.password)}@${new URL(proxy.url).host}${base.pathname}`
    const file = (ext: string) => join(dir, `${name}.${ext}`)
    const out = { stdout: '', stderr: '' }
    const code = await runCli(
      [
        ...['--base-url', baseUrl, '--token', secrets.token, '--other-token', secrets.otherToken],
        ...['--seed', '1', ...ONLY.flatMap((id) => ['--only', id])],
        ...['--reporter', 'pretty', '--reporter', `json:${file('json')}`],
        ...['--reporter', `junit:${file('xml')}`, '--reporter', `html:${file('html')}`],
        ...['--reporter', `github:${file('md')}`],
      ],
      {
        stdout: { write: (text: string) => (out.stdout += text) },
        stderr: { write: (text: string) => (out.stderr += text) },
        env: { GITHUB_ACTIONS: 'true' },
        runOptions: { now: clock.now, sleep: clock.sleep },
      },
    )
    const json = await readFile(file('json'), 'utf8')
    const result = JSON.parse(json) as {
      results: Array<{ id: string; operation: string; outcome: string }>
    }
    return {
      code,
      verdicts: result.results.map((entry) => `${entry.id} [${entry.operation}] ${entry.outcome}`),
      // Each output as a person reads it: its format's own escapes read once.
      views: {
        console: out.stdout.replace(/^::.*$/gm, ''),
        stderr: out.stderr,
        annotations: out.stdout
          .split('\n')
          .filter((line) => line.startsWith('::'))
          .map((line) =>
            line
              .replace(/%0A/g, '\n')
              .replace(/%0D/g, '\r')
              .replace(/%3A/g, ':')
              .replace(/%2C/g, ',')
              .replace(/%25/g, '%'),
          )
          .join('\n'),
        json: strings(JSON.parse(json)).join('\n'),
        junit: unescapeMarkup(await readFile(file('xml'), 'utf8')),
        html: unescapeMarkup(await readFile(file('html'), 'utf8')),
        summary: unescapeMarkup(await readFile(file('md'), 'utf8')),
      },
    }
  } finally {
    await proxy.close()
    await server.close()
  }
}

function strings(value: unknown): Array<string> {
  if (typeof value === 'string') return [value]
  if (Array.isArray(value)) return value.flatMap(strings)
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(strings)
  return []
}

/** HTML or XML text with its character references read once. */
function unescapeMarkup(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|lt|gt|quot|apos|amp);/gi, (_, ref: string) => {
    const named: Record<string, string> = { lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' }
    if (ref[0] !== '#') return named[ref.toLowerCase()] ?? ''
    return String.fromCodePoint(
      Number.parseInt(ref.slice(ref[1] === 'x' ? 2 : 1), ref[1] === 'x' ? 16 : 10),
    )
  })
}

describe('a server that echoes the secrets it was given', () => {
  it('never gets them into a report, in any form; the verdicts are those of a server that echoes none', async () => {
    const secrets = fc
      .record({ token: secret('sk_'), otherToken: secret('ok_'), password: secret('pw_') })
      .filter(({ token, otherToken, password }) => {
        const lower = [token, otherToken, password].map((one) => one.toLowerCase())
        return lower.every((a, i) => lower.every((b, j) => i === j || !a.includes(b.slice(0, 8))))
      })
    const echoes = fc.record({ header: form, body: form, location: form })
    let round = 0
    await fc.assert(
      fc.asyncProperty(secrets, echoes, async (given, how) => {
        round += 1
        // The same places hold a text of the same shape that is no secret.
        const none = {
          token: `nk_${'n'.repeat(given.token.length - 3)}`,
          otherToken: `no_${'o'.repeat(given.otherToken.length - 3)}`,
          password: `np_${'p'.repeat(given.password.length - 3)}`,
        }
        const echoed = await runEchoed(given, given, how, `echo-${round}`)
        const quiet = await runEchoed(given, none, how, `quiet-${round}`)
        expect(echoed.code).toBe(quiet.code)
        expect(echoed.verdicts).toEqual(quiet.verdicts)
        const forms = [given.token, given.otherToken, given.password].flatMap((one) => [
          one,
          ...[how.header, how.location].map((f) => written(one, f, false)),
          written(one, how.body, true),
        ])
        for (const [name, view] of Object.entries(echoed.views)) {
          for (const shown of forms) {
            expect(view.toLowerCase().includes(shown.toLowerCase()), `${name} shows ${shown}`).toBe(
              false,
            )
          }
        }
        // Where they were, the reports say which secret it was.
        expect(echoed.views.json).toContain('$PETSTORE_OTHER_API_KEY')
        expect(echoed.views.console).toContain(`ci:${PASSWORD_PLACEHOLDER}@`)
      }),
      { seed: 33, numRuns: 3 },
    )
  }, 120_000)
})

describe('a key that occurs in ordinary answers', () => {
  it('is judged on the answers as they came, and hidden only in the reports (key 1000)', async () => {
    // Ids from 1000 on: the key is in every id, limit and category the server writes.
    const options = {
      tokens: ['1000', 'sk_ref_other'],
      firstId: 1000n,
      categoryIds: [1000n, 10000n],
    }
    const only = { only: ['create', 'get', 'list', 'ratelimit.headers'] }
    const plain = await runAgainstReference(
      { ...options, tokens: ['sk_ref', 'sk_ref_other'] },
      { ...only, token: 'sk_ref' },
    )
    const keyed = await runAgainstReference(options, { ...only, token: '1000' })
    const verdicts = (result: typeof plain) =>
      result.results.map((entry) => `${entry.id} [${entry.operation}] ${entry.outcome}`)
    expect(verdicts(keyed)).toEqual(verdicts(plain))
    expect(keyed.exitCode).toBe(0)
    expect(JSON.stringify(keyed.results)).not.toContain('1000')
  }, 60_000)
})

describe('two keys that differ only by the whitespace around them', () => {
  it('are one key on the wire: the usage error of the same key twice, nothing sent', async () => {
    for (const otherToken of [' sk_ref ', 'sk_ref\t', '\tsk_ref']) {
      const run = runAgainstReference({}, { token: 'sk_ref', otherToken })
      await expect(run).rejects.toMatchObject({
        exitCode: 2,
        message: expect.stringMatching(/--other-token must be another key than --token/),
      })
      await expect(run).rejects.toMatchObject({ result: undefined })
    }
  })

  it('a key with whitespace around it is sent without it, and passes where the key does', async () => {
    const result = await runAgainstReference({}, { token: ' sk_ref\t', only: ['ratelimit'] })
    expect(result.exitCode).toBe(0)
  })
})
