import { ConfigError } from '../../errors/config-error.ts'

/**
 * The one upstream the proxy talks to: its origin (the only one ever
 * contacted) and the path of its API root, where `/v1` of the mock maps to.
 *
 * @example
 * const target: ProxyTarget = parseProxyTarget('https://staging.example.com/v1')
 * target.origin // 'https://staging.example.com'
 */
export interface ProxyTarget {
  /** `https://staging.example.com` (scheme, host and port). */
  origin: string
  /** The API root's path without a trailing slash: `/v1` (`''` at the origin's root). */
  rootPath: string
  /** The URL as given, for messages and the banner. */
  href: string
}

/**
 * Checks the upstream URL once (`--proxy`, option `proxy`): absolute, `http:`
 * or `https:`, and nothing in it that the proxy would have to forward or hide
 * (no user or password, query or fragment). A bad one throws a `ConfigError`
 * (`ERR_PETSTORE_INVALID_OPTION`) naming `name`.
 *
 * @example
 * parseProxyTarget('https://staging.example.com/v1').rootPath // '/v1'
 * parseProxyTarget('ftp://x/v1', '--proxy') // throws, naming --proxy
 */
export function parseProxyTarget(value: unknown, name = '`proxy`'): ProxyTarget {
  const fail = (reason: string): never => {
    throw new ConfigError(
      'ERR_PETSTORE_INVALID_OPTION',
      'set up the proxy',
      `${name} ${reason}, such as https://staging.example.com/v1`,
    )
  }
  if (typeof value !== 'string' || value === '') return fail('must be the upstream API root URL')
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return fail(`"${value.slice(0, 200)}" is not an absolute URL; give the upstream API root`)
  }
  const shown = `"${value.slice(0, 200)}"`
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    fail(`${shown} must use http: or https:, not ${url.protocol}`)
  }
  if (url.username !== '' || url.password !== '') {
    fail(`${shown} must not hold a user or password (callers send their own Authorization)`)
  }
  if (url.search !== '' || value.includes('?')) fail(`${shown} must not hold a query`)
  if (url.hash !== '' || value.includes('#')) fail(`${shown} must not hold a fragment`)
  return { origin: url.origin, rootPath: url.pathname.replace(/\/+$/, ''), href: value }
}
