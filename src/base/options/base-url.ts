import { ConfigError } from '../../errors/config-error.ts'
import { API_PREFIX } from '../../spec/routes.ts'

/**
 * Where the API lives for a base URL: the origin (`undefined` for any origin)
 * and the path under which `/v1` lives (`''` for a bare origin).
 *
 * @example
 * const base: BaseUrl = parseBaseUrl('https://example.com/api/v1')
 */
export interface BaseUrl {
  origin: string | undefined
  basePath: string
}

/**
 * Parses a base URL once: `undefined` or `*` match any origin; otherwise its
 * origin and the path prefix under which `/v1` lives (a trailing `/v1` is
 * dropped).
 *
 * @example
 * parseBaseUrl('https://example.com/api/v1/') // { origin: 'https://example.com', basePath: '/api' }
 * parseBaseUrl(undefined) // { origin: undefined, basePath: '' }
 */
export function parseBaseUrl(baseUrl: string | undefined): BaseUrl {
  if (baseUrl === undefined || baseUrl === '*') return { origin: undefined, basePath: '' }
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
  return { origin: url.origin, basePath: apiPathOf(url).replace(/\/$/, '') }
}

/**
 * The origin and path prefix under which `/v1` lives for a parsed URL:
 * trailing slashes and a trailing `/v1` are dropped.
 *
 * @example
 * apiRootOf(new URL('https://example.com/api/v1/')) // 'https://example.com/api'
 */
export function apiRootOf(url: URL): string {
  return `${url.origin}${apiPathOf(url)}`
}

/** The URL's path without trailing slashes and a trailing `/v1`. */
function apiPathOf(url: URL): string {
  return url.pathname.replace(/\/+$/, '').replace(new RegExp(`${API_PREFIX}$`), '')
}
