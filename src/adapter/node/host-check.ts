import {
  bindHostName,
  hostNameOf,
  isBeyondLoopback,
  isIpLiteral,
  isLoopbackHost,
  isWildcardAddress,
} from '../../base/http/host-names.ts'
import { keepLast } from '../../base/http/keep-last.ts'
import type { Middleware } from '../../base/http/types.ts'
import { ApiError } from '../../errors/api-error.ts'
import { ConfigError } from '../../errors/config-error.ts'
import { clip, printable } from '../../utils/clip.ts'

/** The flag that adds a name to the allow-list, as messages name it. */
export const ALLOWED_HOST_FLAG = '--allowed-host'

/**
 * Which `Host` names a server answers: the loopback ones, where it binds, and those allowed besides.
 *
 * @example
 * const options: HostCheckOptions = { bindHost: '0.0.0.0', allowedHosts: ['.example.test'] }
 */
export interface HostCheckOptions {
  /**
   * Names served besides the loopback ones: `box.lan` exactly, `.example.test`
   * for that domain and every subdomain; `true` serves any `Host` (no
   * protection against DNS rebinding).
   */
  allowedHosts?: ReadonlyArray<string> | true
  /** The address the server binds (`--host`). */
  bindHost: string
}

/**
 * Refuses requests whose `Host` the mock does not serve with 403
 * `host_not_allowed`, so that a web page on a name that resolves to this
 * machine (DNS rebinding) cannot drive it. Served: loopback names and
 * addresses, the names of `allowedHosts`, the bind address itself, and, once
 * the server binds beyond loopback, any IP literal (a rebinding page has a
 * name, never an IP, as its `Host`). A request without `Host` (HTTP/1.0, not a
 * browser) passes.
 *
 * @example
 * const guard = hostCheck({ bindHost: '127.0.0.1', allowedHosts: ['.dev.test'] })
 */
export function hostCheck(options: HostCheckOptions): Middleware {
  // A client sends the same Host on every request: its verdict is kept.
  const verdictOf = keepLast(createHostMatcher(options))
  return function hostCheck(ctx, next) {
    const value = ctx.request.headers.get('host')
    if (value === null || verdictOf(value)) return next(ctx)
    const name = hostNameOf(value)
    const shown = clip(printable(value), 80)
    throw new ApiError(
      'host_not_allowed',
      name === undefined
        ? `The Host header "${shown}" is not one host name; send the name you reached the mock by.`
        : `The host "${clip(name, 80)}" is not allowed: the mock answers loopback names and those listed with ${ALLOWED_HOST_FLAG}; to serve this one, start it with ${ALLOWED_HOST_FLAG} ${clip(name, 80)}.`,
    )
  }
}

/**
 * The allow-list as a predicate over raw `Host` values; validates the list
 * once and throws a `ConfigError` for an entry that is not a host name.
 *
 * @example
 * const isAllowed = createHostMatcher({ bindHost: '127.0.0.1', allowedHosts: ['.dev.test'] })
 * isAllowed('api.dev.test:4010') // true
 */
export function createHostMatcher(options: HostCheckOptions): (value: string) => boolean {
  const { allowedHosts = [], bindHost } = options
  if (allowedHosts === true) return () => true
  if (!Array.isArray(allowedHosts)) {
    throw new ConfigError(
      'ERR_PETSTORE_INVALID_OPTION',
      'create the server',
      '`allowedHosts` must be an array of host names or true',
    )
  }
  const exact = new Set<string>()
  const domains: Array<string> = []
  for (const entry of allowedHosts) {
    const name = typeof entry === 'string' ? hostNameOf(entry.replace(/^\./, '')) : undefined
    if (name === undefined || typeof entry !== 'string' || /:\d+$/.test(entry.trim())) {
      throw new ConfigError(
        'ERR_PETSTORE_INVALID_OPTION',
        `read ${ALLOWED_HOST_FLAG}`,
        `"${String(entry)}" is not a host name (write box.lan, or .example.test for a domain and its subdomains, without a port)`,
      )
    }
    if (entry.trim().startsWith('.')) domains.push(name)
    else exact.add(name)
  }
  const bind = bindHostName(bindHost)
  const beyondLoopback = isBeyondLoopback(bindHost)
  if (bind !== undefined && !isWildcardAddress(bind)) exact.add(bind)
  return (value) => {
    const name = hostNameOf(value)
    if (name === undefined) return false
    if (isLoopbackHost(name) || exact.has(name)) return true
    if (beyondLoopback && isIpLiteral(name)) return true
    return domains.some((domain) => name === domain || name.endsWith(`.${domain}`))
  }
}
