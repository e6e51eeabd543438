import { HttpError } from './http-error.ts'
import { OPERATION_PATH } from './operation-path.ts'
import type { ParsedRequest, Reply } from './parts.ts'
import type { ReferenceOptions } from './reference-options.ts'

// Stryker disable all: a variant's switch, off in the mutation settings (how a server reads another spelling of a path is its choice within RFC 3986 §6)

/** The path as a lenient router reads it: slashes merged, no trailing slash, the fixed segments in lower case. */
function lenient(path: string): string {
  const merged = path.replace(/\/{2,}/g, '/').replace(/(.)\/$/, '$1')
  return merged.replace(/^\/(pets|store\/orders)(?=\/|$)/i, (fixed) => fixed.toLowerCase())
}

/**
 * How the server reads another spelling of an operation's path (the
 * `pathSpellings` switch): `strict` answers 404 to any path not sent as the
 * spec writes it (a router on the raw path), before the key check;
 * `redirect` redirects a spelling that a lenient reading makes an operation's
 * path to it (301, 308 for a method other than GET), before the key check;
 * `lenient` serves it as that operation, behind the key check as every path
 * (the request's path is rewritten). Without the switch the path is read as the URL parser
 * gives it (dot segments removed, unreserved characters decoded).
 *
 * @example
 * const reply = readSpelling(request, { pathSpellings: 'redirect' }, '/v1') // a 301 to /v1/pets for /v1//pets
 */
export function readSpelling(
  request: ParsedRequest,
  options: ReferenceOptions,
  base: string,
): Reply | undefined {
  const mode = options.pathSpellings
  const path = request.path
  if (mode === undefined || path === undefined) return undefined
  const read = lenient(path)
  // A path sent as an operation's path (its id in any spelling: `/pets/%31`) is no other spelling.
  if (!OPERATION_PATH.test(read) || OPERATION_PATH.test(request.rawPath ?? path)) return undefined
  if (mode === 'strict') throw new HttpError(404, 'not_found', 'No such route.')
  if (mode === 'lenient') {
    request.path = read
    return undefined
  }
  const query = request.query.size ? `?${request.query}` : ''
  return {
    status: request.method === 'GET' ? 301 : 308,
    headers: { Location: `${base}${read}${query}` },
    raw: { type: 'text/plain; charset=utf-8', text: '' },
  }
}
