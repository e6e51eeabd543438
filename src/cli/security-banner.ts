/**
 * The banner lines about who can reach the mock: one warning line when it
 * binds beyond loopback (in proxy mode: and through it the upstream, with
 * whatever key they send), and the admin token the control API then needs.
 *
 * @example
 * securityBanner({ host: '0.0.0.0', beyondLoopback: true, adminToken: 'Qm9i…' })
 * // ['  WARNING:   bound to 0.0.0.0: other machines can reach the API; /__mock/* needs the admin token',
 * //  '  admin:     Authorization: Bearer Qm9i…']
 */
export function securityBanner(options: {
  host: string
  beyondLoopback: boolean
  adminToken: string | undefined
  /** `--proxy URL`, if given. */
  proxy?: string
}): Array<string> {
  const lines: Array<string> = []
  if (options.beyondLoopback) {
    const through = options.proxy === undefined ? '' : ` (and through it ${options.proxy})`
    lines.push(
      `  WARNING:   bound to ${options.host}: other machines can reach the API${through}; /__mock/* needs the admin token`,
    )
  }
  if (options.adminToken !== undefined) {
    lines.push(`  admin:     Authorization: Bearer ${options.adminToken}`)
  }
  return lines
}
