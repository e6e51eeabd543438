import type { RunningServer } from '../adapter/node/start-server.ts'
import { isBeyondLoopback } from '../base/http/host-names.ts'
import { ADMIN_PREFIX, OPENAPI_PATH } from '../spec/paths.ts'
import { API_PREFIX, ROUTE_OF } from '../spec/routes.ts'
import { describeKeyLimits, describeRateLimits } from './describe-rate-limits.ts'
import { packageVersion } from './package-version.ts'
import type { MockArgs } from './parse-mock-flags.ts'
import { proxyBanner } from './proxy-banner.ts'
import { securityBanner } from './security-banner.ts'

/**
 * What `petstore-mock` prints once it listens, a line each: where the API,
 * its document, the dashboard and the journal are; the mock's data, limits
 * and keys (in proxy mode, as the fallback's, under the proxy's lines); a
 * `curl` to try; and the security notes of where it binds.
 *
 * @example
 * for (const line of startBanner(args, running)) io.out(line)
 */
export function startBanner(
  args: MockArgs,
  running: Pick<RunningServer, 'url' | 'adminToken'> & {
    petstore: Pick<RunningServer['petstore'], 'state'>
  },
): Array<string> {
  const { url, petstore } = running
  const scale = args['rate-limit-scale']
  const lines = [
    `petstore-mock ${packageVersion()} listening on ${url}`,
    `  API:       ${url}${API_PREFIX}   OpenAPI: ${url}${OPENAPI_PATH}`,
  ]
  if (args.admin) {
    // With an admin token, the dashboard reads it from the fragment (never sent to the server).
    const fragment = running.adminToken === undefined ? '' : `#token=${running.adminToken}`
    lines.push(
      `  dashboard: ${url}${ADMIN_PREFIX}/${fragment}   control: ${url}${ADMIN_PREFIX}/state`,
      `  journal:   last ${args['journal-size']} requests at ${ADMIN_PREFIX}/requests, live at ${ADMIN_PREFIX}/events`,
    )
  }
  const state = petstore.state()
  // The mock's own data, limits and keys: in proxy mode, only the fallback's.
  const mockLines = [
    `  data:      ${formatCounts(state.data)}${args['data-file'] ? ` (kept in ${args['data-file']})` : ''}`,
    `  limits:    ${describeRateLimits({
      enabled: args['rate-limit'] !== 'off',
      scale,
      banAfter: args['ban-after'],
      banSeconds: args['ban-seconds'],
    })}`,
    '  keys:',
    ...state.keys.map(
      (key) => `    ${key.key.padEnd(22)} ${key.plan.padEnd(10)} ${describeKeyLimits(key, scale)}`,
    ),
  ]
  lines.push(
    ...(args.proxy === undefined
      ? mockLines
      : proxyBanner({
          api: `${url}${API_PREFIX}`,
          upstream: args.proxy,
          fallback: args['proxy-fallback'] === 'mock',
          record: args.record,
          mockLines,
        })),
  )
  // Through the proxy, the key is the upstream's.
  const key = args.proxy === undefined ? 'sk_test_free' : '<your upstream key>'
  lines.push(
    `  try:       curl -H 'Authorization: Bearer ${key}' '${url}${ROUTE_OF.listPets.path}?limit=3'`,
    ...securityBanner({
      host: args.host,
      beyondLoopback: isBeyondLoopback(args.host),
      adminToken: args.admin ? running.adminToken : undefined,
      proxy: args.proxy,
    }),
  )
  return lines
}

function formatCounts(data: { categories: number; pets: number; orders: number }): string {
  return `${data.pets} pets, ${data.categories} categories, ${data.orders} orders`
}
