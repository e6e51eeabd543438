import type { RecordedRequest } from './types.ts'

/**
 * How the key is written in reports and curl commands: never in clear.
 *
 * @example
 * `curl -H 'Authorization: Bearer ${KEY_PLACEHOLDER}' ...`
 */
export const KEY_PLACEHOLDER = '$PETSTORE_API_KEY'

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
 * Quotes a string that contains `$PETSTORE_API_KEY` in double quotes, so the
 * shell expands the variable and nothing else.
 */
function quoteWithKey(value: string): string {
  const parts = value.split(KEY_PLACEHOLDER)
  const escaped = parts.map((part) => part.replace(/["\\$`]/g, (char) => `\\${char}`))
  return `"${escaped.join(KEY_PLACEHOLDER)}"`
}

/**
 * A `curl` command that reproduces a recorded request: method, URL, every
 * header the kit sent (the key as `$PETSTORE_API_KEY`; `Accept-Encoding` as
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
  // A key in the query (sent to show it is refused there) is expanded by the shell too.
  parts.push(
    request.url.includes(KEY_PLACEHOLDER) ? quoteWithKey(request.url) : shellQuote(request.url),
  )
  for (const [name, value] of Object.entries(request.headers)) {
    if (name.toLowerCase() === 'accept-encoding') {
      // curl asks for what it can decode and decodes it.
      parts.push('--compressed')
      continue
    }
    const header = `${name}: ${value}`
    parts.push('-H', header.includes(KEY_PLACEHOLDER) ? quoteWithKey(header) : shellQuote(header))
  }
  if (request.body !== undefined) {
    parts.push('--data-raw', shellQuote(request.body))
  }
  return parts.join(' ')
}
