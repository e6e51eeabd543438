import { execFileSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import {
  exportLine,
  KEY_PLACEHOLDER,
  OTHER_KEY_PLACEHOLDER,
  shellQuote,
  toCurl,
} from './to-curl.ts'

/** Runs a curl command in bash with `curl` replaced by a printer of its arguments. */
function argsOf(command: string): Array<string> {
  const out = execFileSync(
    'bash',
    ['--norc', '--noprofile', '-c', `curl() { printf '%s\\0' "$@"; }; ${command}`],
    {
      env: { PETSTORE_API_KEY: 'sk_secret', PETSTORE_OTHER_API_KEY: 'sk_other', HOME: '/root' },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  return out.split('\0').slice(0, -1)
}

describe('toCurl', () => {
  it('writes a GET with the key as $PETSTORE_API_KEY', () => {
    const command = toCurl({
      method: 'GET',
      url: 'http://127.0.0.1:4010/v1/pets?limit=1&status=sold',
      headers: { Accept: 'application/json', Authorization: 'Bearer $PETSTORE_API_KEY' },
    })
    expect(command).toBe(
      `curl -i 'http://127.0.0.1:4010/v1/pets?limit=1&status=sold' -H 'Accept: application/json' -H "Authorization: Bearer $PETSTORE_API_KEY"`,
    )
    expect(argsOf(command)).toEqual([
      '-i',
      'http://127.0.0.1:4010/v1/pets?limit=1&status=sold',
      '-H',
      'Accept: application/json',
      '-H',
      'Authorization: Bearer sk_secret',
    ])
  })

  it('reproduces method, Content-Type and a body with quotes, $ and backticks exactly', () => {
    const body = `{"name":"conformance-it's $HOME \`id\` \\"x\\"","categoryId":1}`
    const command = toCurl({
      method: 'POST',
      url: 'http://h/v1/pets',
      headers: { 'Content-Type': 'application/json', Authorization: 'Token $PETSTORE_API_KEY' },
      body,
    })
    expect(argsOf(command)).toEqual([
      '-i',
      '-X',
      'POST',
      'http://h/v1/pets',
      '-H',
      'Content-Type: application/json',
      '-H',
      'Authorization: Token sk_secret',
      '--data-raw',
      body,
    ])
  })

  it('keeps control characters and non-ASCII text', () => {
    const body = '{"name":"a\tb\u0001c\nd é 🐶"}'
    expect(argsOf(toCurl({ method: 'POST', url: 'http://h/v1/pets', headers: {}, body }))).toEqual([
      '-i',
      '-X',
      'POST',
      'http://h/v1/pets',
      '--data-raw',
      body,
    ])
  })

  it('turns off globbing for URLs with brackets', () => {
    expect(toCurl({ method: 'GET', url: 'http://h/v1/pets?x[]=1', headers: {} })).toContain(' -g ')
  })

  it('sends dot segments as written (curl removes them otherwise)', () => {
    expect(toCurl({ method: 'GET', url: 'http://h/v1/x/../pets', headers: {} })).toBe(
      'curl -i --path-as-is http://h/v1/x/../pets',
    )
    expect(toCurl({ method: 'GET', url: 'http://h/v1/pets?x=/./', headers: {} })).not.toContain(
      '--path-as-is',
    )
  })

  it('lets the shell expand a key sent in the query, and nothing else of the URL', () => {
    const curl = toCurl({
      method: 'GET',
      url: 'http://h/v1/pets?limit=1&api_key=$PETSTORE_API_KEY&x=`y`',
      headers: {},
    })
    expect(curl).toBe('curl -i "http://h/v1/pets?limit=1&api_key=$PETSTORE_API_KEY&x=\\`y\\`"')
  })

  it('writes the second key as $PETSTORE_OTHER_API_KEY and lets the shell expand both keys only', () => {
    const curl = toCurl({
      method: 'GET',
      url: 'http://127.0.0.1:4010/v1/pets?note=$HOME',
      headers: {
        authorization: `Bearer ${OTHER_KEY_PLACEHOLDER}`,
        'x-both': `${KEY_PLACEHOLDER}/${OTHER_KEY_PLACEHOLDER} $HOME`,
      },
    })
    expect(argsOf(curl)).toEqual([
      '-i',
      'http://127.0.0.1:4010/v1/pets?note=$HOME',
      '-H',
      'authorization: Bearer sk_other',
      '-H',
      'x-both: sk_secret/sk_other $HOME',
    ])
  })

  it('quotes only what needs quoting', () => {
    expect(shellQuote('abc-1.2')).toBe('abc-1.2')
    expect(shellQuote('')).toBe("''")
    expect(shellQuote("it's")).toBe(`'it'\\''s'`)
  })
})

describe('exportLine', () => {
  it('says once which variables the curls read, never a key', () => {
    expect(exportLine(["curl -H 'Authorization: Bearer $PETSTORE_API_KEY'", 'curl x'])).toBe(
      "The curls read the key from the environment: export PETSTORE_API_KEY='<your key>' first.",
    )
    expect(
      exportLine(['curl "Bearer $PETSTORE_OTHER_API_KEY"', 'curl "Bearer $PETSTORE_API_KEY"']),
    ).toBe(
      "The curls read the keys from the environment: export PETSTORE_API_KEY='<your key>'; export PETSTORE_OTHER_API_KEY='<the other key>' first.",
    )
    expect(exportLine(['curl -i http://x/v1/pets'])).toBeUndefined()
  })
})
