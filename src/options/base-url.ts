import { ConfigError } from '../errors/config-error.ts'
import { API_PREFIX } from '../spec/routes.ts'

/**
 * The path under which `/v1` lives for a base URL: `''` for any origin or a
 * bare origin, `/api` for `https://example.com/api`.
 *
 * @example
 * basePathOf('https://example.com/api/v1') // '/api'
 */
export function basePathOf(baseUrl: string | undefined): string {
  const base = normalizeBaseUrl(baseUrl)
  return base === '*' ? '' : new URL(base).pathname.replace(/\/$/, '')
}

/**
 * `undefined` matches any origin (`*`); otherwise the origin and path prefix
 * under which `/v1` lives (a trailing `/v1` is dropped).
 *
 * @example
 * normalizeBaseUrl('https://example.com/api/v1/') // 'https://example.com/api'
 */
export function normalizeBaseUrl(baseUrl: string | undefined): string {
  if (baseUrl === undefined || baseUrl === '*') return '*'
  let url: URL
  try {
    url = new URL(baseUrl)
  } catch {
    throw new ConfigError(
      'ERR_PETSTORE_INVALID_OPTION',
      'create the petstore',
      `baseUrl "${baseUrl}" is not an absolute URL`,
    )
  }
  return apiRootOf(url)
}

/**
 * The origin and path prefix under which `/v1` lives for a parsed URL:
 * trailing slashes and a trailing `/v1` are dropped.
 *
 * @example
 * apiRootOf(new URL('https://example.com/api/v1/')) // 'https://example.com/api'
 */
export function apiRootOf(url: URL): string {
  return `${url.origin}${url.pathname.replace(/\/+$/, '').replace(new RegExp(`${API_PREFIX}$`), '')}`
}
