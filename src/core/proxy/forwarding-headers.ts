/** The exact names of the request headers that say where a request came from or which path it meant. */
const FORWARDING = new Set(['forwarded', 'x-original-url', 'x-rewrite-url'])

/**
 * Whether a request header tells a server where the request came from or
 * which path it "really" asked for: `Forwarded` (RFC 7239), every
 * `X-Forwarded-*` (`For`, `Host`, `Proto`, `Prefix`, `Port`, `Server`, …),
 * `X-Original-URL` and `X-Rewrite-URL`. The proxy is the upstream's client,
 * not a proxy in front of it (as WireMock's and Prism's are): it sends none
 * of them, so that a caller cannot make the upstream route, trust or link to
 * something else than the path it forwards (`/v1/pets` rewritten to
 * `/admin` by an `X-Original-URL` the upstream's framework honours).
 *
 * @example
 * isForwardingHeader('x-forwarded-host') // true
 * isForwardingHeader('accept') // false
 */
export function isForwardingHeader(name: string): boolean {
  return FORWARDING.has(name) || name.startsWith('x-forwarded-')
}
