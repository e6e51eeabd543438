import { hasDotSegment } from './path-spelling.ts'
import { swapAll } from './swap-all.ts'
import type { RecordedRequest } from './types.ts'

/**
 * How the key is written in reports and curl commands: never in clear.
 *
 * @example
 * `curl -H 'Authorization: Bearer ${KEY_PLACEHOLDER}' ...`
 */
export const KEY_PLACEHOLDER = '$PETSTORE_API_KEY'

/**
 * How the second key (`--other-token`) is written in reports and curl commands.
 *
 * @example
 * `curl -H 'Authorization: Bearer ${OTHER_KEY_PLACEHOLDER}' ...`
 */
export const OTHER_KEY_PLACEHOLDER = '$PETSTORE_OTHER_API_KEY'

/** The keys' placeholders, which the shell is to expand (each swapped for itself). */
const PLACEHOLDERS = [KEY_PLACEHOLDER, OTHER_KEY_PLACEHOLDER].map((name) => [name, name] as const)

const SAFE = /^[A-Za-z0-9_\-.,:/=@%+]+$/
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we look for
const CONTROL = /[\u0000-\u001f\u007f]/

/**
 * Quotes a string for a POSIX shell. Strings with control characters use
 * ANSI-C quoting (`$'...'`, bash, zsh and ksh) so no byte is lost.
 *
 * @example
 * shellQuote("it's") // 'it'\''s'
 */
export function shellQuote(value: string): string {
  if (value !== '' && SAFE.test(value)) {
    return value
  }
  if (CONTROL.test(value)) {
    let out = ''
    for (const char of value) {
      const code = char.codePointAt(0) ?? 0
      if (char === '\\' || char === "'") {
        out += `\\${char}`
      } else if (code < 0x20 || code === 0x7f) {
        out += `\\x${code.toString(16).padStart(2, '0')}`
      } else {
        out += char
      }
    }
    return `$'${out}'`
  }
  return `'${value.replaceAll("'", `'\\''`)}'`
}

/**
 * Quotes a string in double quotes when it names a key (`$PETSTORE_API_KEY`
 * or `$PETSTORE_OTHER_API_KEY`), so the shell expands those variables and
 * nothing else; any other string as {@link shellQuote} does.
 */
function quoteWithKey(value: string): string {
  if (!PLACEHOLDERS.some(([name]) => value.includes(name))) {
    return shellQuote(value)
  }
  const inDoubleQuotes = (text: string) => text.replace(/["\\$`]/g, (char) => `\\${char}`)
  return `"${swapAll(value, PLACEHOLDERS, inDoubleQuotes)}"`
}

/**
 * A `curl` command that reproduces a recorded request: method, URL, every
 * header the kit sent (the keys as `$PETSTORE_API_KEY` and `$PETSTORE_OTHER_API_KEY`; `Accept-Encoding` as
 * `--compressed`) and the exact body, int64 numbers as sent.
 *
 * @example
 * toCurl({ method: 'GET', url: 'https://api.example.com/v1/pets', headers: { authorization: 'Bearer $PETSTORE_API_KEY' } })
 * // curl -i 'https://api.example.com/v1/pets' -H "authorization: Bearer $PETSTORE_API_KEY"
 */
export function toCurl(request: RecordedRequest): string {
  const parts = ['curl', '-i']
  if (request.method !== 'GET') {
    parts.push('-X', shellQuote(request.method))
  }
  if (/[[\]{}]/.test(request.url)) {
    parts.push('-g')
  }
  // curl removes dot segments before sending unless told not to: the request sent had them.
  if (hasDotSegment(request.url)) {
    parts.push('--path-as-is')
  }
  // A key in the query (sent to show it is refused there) is expanded by the shell too.
  parts.push(quoteWithKey(request.url))
  for (const [name, value] of Object.entries(request.headers)) {
    if (name.toLowerCase() === 'accept-encoding') {
      // curl asks for what it can decode and decodes it.
      parts.push('--compressed')
      continue
    }
    const header = `${name}: ${value}`
    parts.push('-H', quoteWithKey(header))
  }
  if (request.body !== undefined) {
    parts.push('--data-raw', shellQuote(request.body))
  }
  return parts.join(' ')
}

/**
 * Requests sent in a row, numbered, each named and followed by its `curl`
 * (how a failure that takes more than one request is shown).
 *
 * @example
 * toCurlSequence([{ command: 'GET /pets without the key', request }, { command: 'GET /pets', request: next }])
 * // '1. GET /pets without the key\n   curl -i ...\n2. GET /pets\n   curl -i ...'
 */
export function toCurlSequence(
  steps: ReadonlyArray<{ command: string; request: RecordedRequest }>,
): string {
  return steps
    .map((step, index) => `${index + 1}. ${step.command}\n   ${toCurl(step.request)}`)
    .join('\n')
}

/**
 * The line that tells a person how to run the curls of a report: the shell
 * variables they read the keys from, to export first, without the keys
 * themselves (a key given with `--token` is in no variable yet). Undefined
 * when no text names a placeholder.
 *
 * @example
 * exportLine(["curl -H 'Authorization: Bearer $PETSTORE_API_KEY' ..."])
 * // "The curls read the key from the environment: export PETSTORE_API_KEY='<your key>' first."
 */
export function exportLine(texts: ReadonlyArray<string>): string | undefined {
  const names = PLACEHOLDERS.map(([name]) => name).filter((name) =>
    texts.some((text) => text.includes(name)),
  )
  if (names.length === 0) return undefined
  const exports = names.map((name) =>
    name === KEY_PLACEHOLDER
      ? `export ${name.slice(1)}='<your key>'`
      : `export ${name.slice(1)}='<the other key>'`,
  )
  return `The curls read the ${names.length > 1 ? 'keys' : 'key'} from the environment: ${exports.join('; ')} first.`
}
