import { nameRecord } from '../../utils/name-record.ts'

/**
 * The policy every answer from the upstream carries, whatever its type: a
 * document it makes is sandboxed (CSP `sandbox`, no token): it runs no
 * script, submits no form, and has an opaque origin, so that it can never
 * act as the mock's origin (read `/__mock/requests`, `POST /__mock/reset`:
 * the control API refuses another origin). Added to the upstream's own
 * policies, never in their place (a browser enforces each).
 *
 * @example
 * UPSTREAM_SANDBOX // 'sandbox'
 */
export const UPSTREAM_SANDBOX = 'sandbox'

/** Response headers that act on the origin that serves them, not on one answer; not passed on. */
const ORIGIN_WIDE = new Set(['clear-site-data'])

/**
 * The upstream's headers as the mock passes them on, its own origin
 * confined: `Content-Security-Policy` with `UPSTREAM_SANDBOX` added,
 * `X-Content-Type-Options: nosniff` (a body is never read as another type
 * than it is labelled, a script or a page), and no `Clear-Site-Data` (which
 * would clear the mock origin's storage). A copy; the answer's record is
 * left as it came.
 *
 * @example
 * confinedHeaders({ 'content-type': 'text/html' })['content-security-policy'] // 'sandbox'
 */
export function confinedHeaders(headers: Record<string, string>): Record<string, string> {
  const confined = Object.assign(nameRecord<string>(), headers)
  for (const name of ORIGIN_WIDE) delete confined[name]
  const policy = confined['content-security-policy']
  confined['content-security-policy'] =
    policy === undefined || policy.trim() === ''
      ? UPSTREAM_SANDBOX
      : `${policy}, ${UPSTREAM_SANDBOX}`
  confined['x-content-type-options'] = 'nosniff'
  return confined
}
