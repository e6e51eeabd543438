/**
 * Every `code` the mock puts in an Error body, with the HTTP status it goes with.
 * docs/reference.md documents this table (test/docs-tables.test.ts).
 *
 * @example
 * ERROR_CODES.not_found // 404
 */
export const ERROR_CODES = {
  invalid_request: 400,
  invalid_json: 400,
  invalid_simulation: 400,
  unauthorized: 401,
  host_not_allowed: 403,
  origin_not_allowed: 403,
  not_found: 404,
  route_not_found: 404,
  method_not_allowed: 405,
  request_timeout: 408,
  payload_too_large: 413,
  unsupported_media_type: 415,
  headers_too_large: 431,
  rate_limited: 429,
  key_banned: 429,
  internal_error: 500,
  upstream_unreachable: 502,
  upstream_too_large: 502,
  service_unavailable: 503,
  upstream_timeout: 504,
  storage_full: 507,
} as const

/**
 * The `code` of an Error body (spec §7); its status is `ERROR_CODES[code]`.
 *
 * @example
 * const code: ErrorCode = 'rate_limited' // ERROR_CODES[code] === 429
 */
export type ErrorCode = keyof typeof ERROR_CODES
