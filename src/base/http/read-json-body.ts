import { ApiError } from '../../errors/api-error.ts'
import { reviveExactInteger } from '../../spec/int64.ts'
import { MAX_JSON_DEPTH } from '../../spec/limits.ts'
import { clip } from '../../utils/clip.ts'
import type { MockRequest } from './types.ts'

/** What a body may be declared as: JSON, or a JSON-based type such as `application/merge-patch+json`. */
const JSON_MEDIA_TYPE = /^application\/(?:[\w.-]+\+)?json$/
const ACCEPTED = 'application/json (or no Content-Type)'
const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })
const BOM = 0xfeff

/**
 * The one parser of JSON request bodies. In order:
 * - no body, or only whitespace: 400 `invalid_request`, naming `what` to send;
 * - a declared `Content-Type` that is not JSON (or a charset other than
 *   UTF-8): 415 `unsupported_media_type` naming what is accepted. A body
 *   without a `Content-Type` is read as JSON;
 * - bytes that are not UTF-8, or that start with a byte order mark: 400 `invalid_json`;
 * - arrays and objects nested deeper than `MAX_JSON_DEPTH`: 400 `invalid_request`,
 *   checked by one pass over the text before parsing, so nothing recurses;
 * - text that does not parse: 400 `invalid_json`.
 *
 * With `exactIntegers`, an integer written beyond ±(2^53 − 1) is read from its
 * source text as a `bigint` (JSON.parse's reviver `context.source`, Node ≥ 22),
 * so that the int64 rule (spec/int64.ts) judges the number that was sent, not
 * the double it rounds to. Bodies that hold int64 fields ask for it.
 *
 * @example
 * const value = readJsonBody(ctx.request, 'a NewPet', { exactIntegers: true })
 */
export function readJsonBody(
  request: Pick<MockRequest, 'body' | 'headers'>,
  what: string,
  options: { exactIntegers?: boolean } = {},
): unknown {
  const { body } = request
  if (body === null || body.length === 0) throw missing(what)
  const declared = request.headers.get('content-type')
  if (declared !== null) checkMediaType(declared)
  const text = typeof body === 'string' ? body : decodeUtf8(body)
  if (text.charCodeAt(0) === BOM) throw bom()
  if (text.trim() === '') throw missing(what)
  const depth = nestingDepth(text)
  if (depth > MAX_JSON_DEPTH) {
    throw new ApiError(
      'invalid_request',
      `The request body nests arrays and objects deeper than ${MAX_JSON_DEPTH} levels.`,
    )
  }
  try {
    return JSON.parse(text, options.exactIntegers ? reviveExactInteger : undefined)
  } catch {
    throw new ApiError('invalid_json', 'The request body is not valid JSON.')
  }
}

function missing(what: string): ApiError {
  return new ApiError('invalid_request', `The request body is missing; send ${what} as JSON.`)
}

function bom(): ApiError {
  return new ApiError(
    'invalid_json',
    'The request body starts with a byte order mark (U+FEFF); send JSON without one.',
  )
}

function checkMediaType(declared: string): void {
  const [type = '', ...parameters] = declared.split(';')
  const mediaType = type.trim().toLowerCase()
  const charset = parameters
    .map((parameter) => parameter.trim().toLowerCase())
    .find((parameter) => parameter.startsWith('charset='))
    ?.slice('charset='.length)
    .replace(/^"(.*)"$/, '$1')
  if (JSON_MEDIA_TYPE.test(mediaType) && (charset === undefined || charset === 'utf-8')) return
  const shown = clip(declared, 60)
  throw new ApiError(
    'unsupported_media_type',
    `A body declared as "${shown}" is not accepted; send ${ACCEPTED}, in UTF-8.`,
  )
}

function decodeUtf8(bytes: Uint8Array): string {
  try {
    return UTF8.decode(bytes)
  } catch {
    throw new ApiError('invalid_json', 'The request body is not valid UTF-8.')
  }
}

/**
 * The deepest nesting of arrays and objects in JSON text, by one pass that
 * skips strings; it stops counting once past the limit.
 */
function nestingDepth(text: string): number {
  let depth = 0
  let deepest = 0
  let inString = false
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index)
    if (inString) {
      if (code === 0x5c)
        index++ // a backslash escapes the next character
      else if (code === 0x22) inString = false
    } else if (code === 0x22) {
      inString = true
    } else if (code === 0x5b || code === 0x7b) {
      depth++
      if (depth > deepest) {
        deepest = depth
        if (deepest > MAX_JSON_DEPTH) return deepest
      }
    } else if (code === 0x5d || code === 0x7d) {
      depth--
    }
  }
  return deepest
}
