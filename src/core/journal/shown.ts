import { Category } from '../../spec/category.ts'
import { ErrorBody } from '../../spec/error-body.ts'
import { DEPRECATION_HEADERS, RATE_LIMIT_HEADERS, RETRY_AFTER } from '../../spec/headers.ts'
import { NewPet } from '../../spec/new-pet.ts'
import { Order } from '../../spec/order.ts'
import { PARAMETERS } from '../../spec/params.ts'
import { Pet } from '../../spec/pet.ts'
import { MASK } from '../plans/mask-key.ts'

/**
 * What the journal shows of a request and its answer is chosen, not what it
 * hides: the one rule, read by the journal and so by everything that shows a
 * request (`GET /__mock/requests`, the event stream, the HAR, the dashboard,
 * the log). Everything else is shown as `MASK`.
 *
 * - **Query parameters**: every name; a value only under a name of the
 *   spec's parameters or the mock's own (`SHOWN_PARAMETERS`), and only when
 *   it is a plain token (`PLAIN_VALUE`: no `;`, `=`, space or other
 *   separator an upstream may split at).
 * - **JSON bodies**: every key; a value (string, number, literal) only when
 *   every key on its path is a field of the spec's schemas
 *   (`SHOWN_REQUEST_FIELDS` for a request, `SHOWN_RESPONSE_FIELDS` for an
 *   answer), never one at the top; anything that is not JSON (a form, a
 *   multipart body, a broken tail) as `MASK`.
 * - **Request headers**: those of `JOURNALED_HEADERS` only, `Authorization`
 *   by its scheme and a short prefix (`maskAuthorization`), `Referer` and
 *   `Origin` as URLs (`shownUrl`).
 * - **Response headers**: those of `SHOWN_RESPONSE_HEADERS` only; `Location`,
 *   `Content-Location` and the targets of `Link` as URLs; `WWW-Authenticate`
 *   with the values of `realm`, `error` and `scope` only.
 * - **URLs**: scheme, host and path; the query by the rule above; never a
 *   user, password or fragment.
 * - **Echoes**: a value of 4 characters or more hidden from the request (a
 *   masked query value or body value, the credential of `Authorization`) is
 *   masked wherever the answer repeats it (as sent, JSON-escaped or
 *   percent-encoded), in its headers and its body.
 *
 * @example
 * shownQuery('limit=3&api_key=S') // 'limit=3&api_key=...'
 */
export const SHOWN_PARAMETERS: ReadonlySet<string> = new Set([
  ...Object.values(PARAMETERS).flatMap((operation) =>
    Object.keys('query' in operation ? operation.query : {}),
  ),
  '__code',
  '__delay',
])

/** What a shown query value is made of: at most 64 letters, digits and `_ . + -`. */
export const PLAIN_VALUE = /^[A-Za-z0-9_.+-]{0,64}$/

/**
 * The names of the fields of the spec's request body (NewPet): a JSON value
 * of a request is shown only under them.
 *
 * @example
 * SHOWN_REQUEST_FIELDS.has('categoryId') // true
 * SHOWN_REQUEST_FIELDS.has('password') // false
 */
export const SHOWN_REQUEST_FIELDS: ReadonlySet<string> = new Set(Object.keys(NewPet.shape))

/**
 * The names of the fields of the spec's answers (Pet, Category, Order,
 * Error): a JSON value of an answer is shown only under them.
 *
 * @example
 * SHOWN_RESPONSE_FIELDS.has('message') // true
 * SHOWN_RESPONSE_FIELDS.has('access_token') // false
 */
export const SHOWN_RESPONSE_FIELDS: ReadonlySet<string> = new Set(
  [Pet, Category, Order, ErrorBody].flatMap((schema) => Object.keys(schema.shape)),
)

/** The response headers shown (others are not journaled at all). */
export const SHOWN_RESPONSE_HEADERS: ReadonlySet<string> = new Set([
  'content-type',
  'content-length',
  'content-encoding',
  'content-language',
  'content-location',
  'location',
  'link',
  'www-authenticate',
  'allow',
  'vary',
  'cache-control',
  'etag',
  'last-modified',
  'date',
  RETRY_AFTER,
  ...Object.values(RATE_LIMIT_HEADERS),
  ...Object.values(DEPRECATION_HEADERS),
  'content-security-policy',
  'x-content-type-options',
  'access-control-allow-origin',
  'access-control-allow-credentials',
  'access-control-allow-methods',
  'access-control-allow-headers',
  'access-control-expose-headers',
  'access-control-max-age',
])

/** The response headers whose value is a URL, and `Link`, whose targets are. */
const URL_HEADERS = new Set(['location', 'content-location'])

/** The parameters of `WWW-Authenticate` whose values are shown. */
const SHOWN_CHALLENGE_PARAMETERS = new Set(['realm', 'error', 'scope'])

/** A masked JSON value: still JSON. */
const MASKED_JSON = `"${MASK}"`

/** The shortest hidden value whose echoes in the answer are masked too. */
export const MIN_ECHO_LENGTH = 4

/**
 * What is hidden of one request, gathered while it is shown, so that the
 * answer's echoes of it are masked too.
 *
 * @example
 * const hidden: Hidden = new Set()
 */
export type Hidden = Set<string>

/**
 * A query's value as shown (see `SHOWN_PARAMETERS`).
 *
 * @example
 * shownParam('limit', '1;api_key=S') // '...'
 */
export function shownParam(name: string, value: string, hidden?: Hidden): string {
  if (SHOWN_PARAMETERS.has(name) && PLAIN_VALUE.test(value)) return value
  hidden?.add(value)
  return MASK
}

/**
 * A raw query as shown: every name, the chosen values (`shownParam`).
 *
 * @example
 * shownQuery('limit=3&code=abc') // 'limit=3&code=...'
 */
export function shownQuery(raw: string, hidden?: Hidden): string {
  const shown = new URLSearchParams()
  for (const [name, value] of new URLSearchParams(raw)) {
    shown.append(name, shownParam(name, value, hidden))
  }
  return shown.toString().replaceAll(encodeURIComponent(MASK), MASK)
}

/**
 * A URL as shown: scheme, host and path (a relative one: its path), the
 * query by `shownQuery`, no user, password or fragment; `MASK` for what is
 * not a URL.
 *
 * @example
 * shownUrl('https://u:p@app.test/cb?code=abc#t') // 'https://app.test/cb?code=...'
 */
export function shownUrl(value: string, hidden?: Hidden): string {
  let url: URL
  const relative = value.startsWith('/') && !value.startsWith('//')
  try {
    url = new URL(value, relative ? 'http://relative.invalid' : undefined)
  } catch {
    hidden?.add(value)
    return MASK
  }
  if (url.username !== '') hidden?.add(url.username)
  if (url.password !== '') hidden?.add(url.password)
  const query = url.search === '' ? '' : `?${shownQuery(url.search.slice(1), hidden)}`
  // The raw forms too (a `+` is a space once decoded), and the fragment.
  for (const part of url.search.slice(1).split('&')) hidden?.add(part.slice(part.indexOf('=') + 1))
  if (url.hash.length > 1) hidden?.add(url.hash.slice(1))
  return `${relative ? '' : url.origin === 'null' ? `${url.protocol}` : url.origin}${url.pathname}${query}`
}

/**
 * A response header's value as shown, or `undefined` for one not shown at all.
 *
 * @example
 * shownResponseHeader('location', '/v1/pets/7?token=x') // '/v1/pets/7?token=...'
 * shownResponseHeader('set-cookie', 'sid=1') // undefined
 */
export function shownResponseHeader(name: string, value: string): string | undefined {
  if (!SHOWN_RESPONSE_HEADERS.has(name)) return undefined
  if (URL_HEADERS.has(name)) return shownUrl(value)
  if (name === 'link')
    return value.replace(/<([^>]*)>/g, (_, target: string) => `<${shownUrl(target)}>`)
  if (name === 'www-authenticate') {
    return value.replace(
      /([A-Za-z0-9_-]+)\s*=\s*("(?:[^"\\]|\\.)*"?|[^\s,]*)/g,
      (whole, parameter: string) =>
        SHOWN_CHALLENGE_PARAMETERS.has(parameter.toLowerCase())
          ? whole
          : `${parameter}=${MASKED_JSON}`,
    )
  }
  return value
}

/**
 * The tokens of a JSON text, also of a broken or cut one: whitespace, a
 * string (perhaps unterminated), a number or literal, punctuation, or a run
 * of anything else.
 */
const TOKEN =
  /\s+|"(?:[^"\\]|\\[\s\S])*"|"(?:[^"\\]|\\[\s\S])*$|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?(?![^\s,\]}])|true(?![^\s,\]}])|false(?![^\s,\]}])|null(?![^\s,\]}])|[{}[\],:]|[^\s{}[\],:"]+/gy

/** One open object or array while a JSON text is shown. */
interface Frame {
  object: boolean
  /** Whether values directly inside are shown (every key on the path is a field). */
  shown: boolean
  /** In an object: the next string is a key. */
  expectKey: boolean
  /** In an object: whether the value of the key just read is shown. */
  keyShown: boolean
}

/**
 * A body as shown: a JSON text with every key, and each value only when
 * every key on its path is one of `fields` (else `"..."`); a value at the
 * top, and what is not JSON, as `...`. Tolerant: a body cut short or broken
 * is shown token by token.
 *
 * @example
 * shownBody('{"name":"Rex","password":"hunter2"}', SHOWN_REQUEST_FIELDS) // '{"name":"Rex","password":"..."}'
 */
export function shownBody(text: string, fields: ReadonlySet<string>, hidden?: Hidden): string {
  const stack: Array<Frame> = []
  let out = ''
  TOKEN.lastIndex = 0
  let match: RegExpExecArray | null
  let at = 0
  while (at < text.length) {
    TOKEN.lastIndex = at
    match = TOKEN.exec(text)
    const token = match === null ? (text[at] as string) : match[0]
    at += token.length
    const top = stack.at(-1)
    const first = token[0] as string
    if (/\s/.test(first)) {
      out += token
      continue
    }
    if (token === ':' || token === ',') {
      if (top?.object && token === ',') top.expectKey = true
      out += token
      continue
    }
    if (token === '{' || token === '[') {
      const shown = top === undefined || valueShown(top)
      stack.push({ object: token === '{', shown, expectKey: token === '{', keyShown: false })
      out += token
      continue
    }
    if (token === '}' || token === ']') {
      stack.pop()
      out += token
      continue
    }
    if (top?.object && top.expectKey && first === '"') {
      // A key: shown, and it decides whether its value is.
      top.expectKey = false
      top.keyShown = top.shown && fields.has(keyOf(token))
      out += token
      continue
    }
    if (
      top !== undefined &&
      valueShown(top) &&
      (first === '"' || /^(?:-?\d|true$|false$|null$)/.test(token))
    ) {
      out += token
    } else {
      const isJson = first === '"' || /^(?:-?\d|true$|false$|null$)/.test(token)
      hidden?.add(first === '"' ? keyOf(token) : token)
      out += isJson ? MASKED_JSON : MASK
    }
  }
  return out
}

/** Whether a value inside `top` is shown. */
function valueShown(top: Frame): boolean {
  return top.object ? top.keyShown : top.shown
}

/** A JSON string token's text (its escapes undone when they parse). */
function keyOf(token: string): string {
  try {
    return JSON.parse(token.endsWith('"') && token.length > 1 ? token : `${token}"`) as string
  } catch {
    return token.slice(1, token.endsWith('"') ? -1 : undefined)
  }
}

/**
 * `text` with every echo of a hidden value (as sent, JSON-escaped,
 * percent-encoded) of `MIN_ECHO_LENGTH` characters or more replaced by
 * `MASK`, longest first.
 *
 * @example
 * withoutEchoes('{"message":"unknown key sk_live_1"}', new Set(['sk_live_1'])) // '{"message":"unknown key ..."}'
 */
export function withoutEchoes(text: string, hidden: Hidden): string {
  if (hidden.size === 0) return text
  const forms = new Set<string>()
  for (const value of hidden) {
    if (value.length < MIN_ECHO_LENGTH) continue
    forms.add(value)
    forms.add(JSON.stringify(value).slice(1, -1))
    forms.add(encodeURIComponent(value))
  }
  let shown = text
  for (const form of [...forms].sort((a, b) => b.length - a.length)) {
    if (form.length >= MIN_ECHO_LENGTH && shown.includes(form)) shown = shown.split(form).join(MASK)
  }
  return shown
}
