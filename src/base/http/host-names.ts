import { isIP } from 'node:net'

/** The longest `Host` value looked at; anything longer is refused unread. */
export const MAX_HOST_LENGTH = 300

/**
 * The host name of a `Host` header value (RFC 9110 §7.2), without its port,
 * lower-cased, brackets kept off an IPv6 literal, one trailing dot dropped.
 * `undefined` when the value is not a plausible host (several values joined
 * with a comma, a path, spaces, or longer than `MAX_HOST_LENGTH`).
 *
 * @example
 * hostNameOf('LocalHost:4010') // 'localhost'
 * hostNameOf('[::1]:4010') // '::1'
 * hostNameOf('a.example, b.example') // undefined
 */
export function hostNameOf(value: string): string | undefined {
  const host = value.trim().toLowerCase()
  if (host === '' || host.length > MAX_HOST_LENGTH) return undefined
  if (host.startsWith('[')) {
    const match = /^\[([0-9a-f:.]+)\](?::\d{1,5})?$/.exec(host)
    return match?.[1] !== undefined && isIP(match[1]) === 6 ? match[1] : undefined
  }
  const match = /^([a-z0-9_.-]+)(?::\d{1,5})?$/.exec(host)
  const name = match?.[1]?.replace(/\.$/, '')
  return name === undefined || name === '' ? undefined : name
}

/**
 * Whether a host name (as `hostNameOf` returns it) names this machine's
 * loopback interface: `localhost`, any `*.localhost` (RFC 6761), `127.0.0.0/8`
 * or `::1` (also as `::ffff:127.x.y.z`).
 *
 * @example
 * isLoopbackHost('app.localhost') // true
 * isLoopbackHost('127.0.0.2') // true
 * isLoopbackHost('0.0.0.0') // false
 */
export function isLoopbackHost(name: string): boolean {
  const host = name.toLowerCase().replace(/^\[|\]$/g, '')
  if (host === 'localhost' || host.endsWith('.localhost')) return true
  if (isIP(host) === 4) return host.startsWith('127.')
  if (isIP(host) === 6) return host === '::1' || /^::ffff:127\./.test(host)
  return false
}

/**
 * Whether a host name is an IP literal rather than a DNS name. A DNS
 * rebinding attack needs a name: a browser sends an IP literal as `Host` only
 * when the page's own address is that IP.
 *
 * @example
 * isIpLiteral('192.168.1.5') // true
 * isIpLiteral('box.local') // false
 */
export function isIpLiteral(name: string): boolean {
  return isIP(name.replace(/^\[|\]$/g, '')) !== 0
}

/**
 * Whether a bind address listens on every interface (`0.0.0.0`, `::`).
 *
 * @example
 * isWildcardAddress('0.0.0.0') // true
 */
export function isWildcardAddress(name: string): boolean {
  const host = name.replace(/^\[|\]$/g, '')
  return host === '0.0.0.0' || host === '::' || host === '0:0:0:0:0:0:0:0'
}

/**
 * The host name of a bind address (`--host`), which may be a bare IPv6 literal.
 *
 * @example
 * bindHostName('::1') // '::1'
 * bindHostName('Box.LAN') // 'box.lan'
 */
export function bindHostName(host: string): string | undefined {
  return hostNameOf(isIP(host) === 6 ? `[${host}]` : host)
}

/**
 * Whether a server bound to `host` can be reached from other machines: any
 * address or name that is not loopback (`0.0.0.0`, a LAN address, a name).
 *
 * @example
 * isBeyondLoopback('127.0.0.1') // false
 * isBeyondLoopback('0.0.0.0') // true
 */
export function isBeyondLoopback(host: string): boolean {
  const name = bindHostName(host)
  return name === undefined || !isLoopbackHost(name)
}
