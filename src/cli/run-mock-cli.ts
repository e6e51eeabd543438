import { flushCompileCache } from 'node:module'
import { startServer } from '../adapter/node/start-server.ts'
import { isBeyondLoopback } from '../base/http/host-names.ts'
import { openDataFile } from '../core/data/open-data-file.ts'
import { parseFixtures } from '../core/data/parse-fixtures.ts'
import { readJsonFile } from '../core/data/read-json-file.ts'
import type { Dataset } from '../core/data/seed-data.ts'
import type { KeySpec } from '../core/plans/create-keyring.ts'
import { messageOf } from '../errors/message-of.ts'
import { ADMIN_PREFIX, OPENAPI_PATH } from '../spec/paths.ts'
import { API_PREFIX, ROUTE_OF } from '../spec/routes.ts'
import { nameRecord } from '../utils/name-record.ts'
import { showControls } from '../utils/show-controls.ts'
import type { CliIo } from './cli-io.ts'
import { describeKeyLimits, describeRateLimits } from './describe-rate-limits.ts'
import { flagMessage } from './flag-of-option.ts'
import { formatLogLine } from './format-log-line.ts'
import { lineWriter } from './line-writer.ts'
import { packageVersion } from './package-version.ts'
import { parseApiKeyFlag } from './parse-api-key-flag.ts'
import { type MockArgs, parseMockFlags } from './parse-mock-flags.ts'
import { proxyBanner } from './proxy-banner.ts'
import { securityBanner } from './security-banner.ts'
import { startedByNpm, watchParent } from './watch-parent.ts'

export type { CliIo }

let processIo: CliIo | undefined

/** The process's own streams, made once (a closed stdout or stderr never crashes the server). */
function defaultIo(): CliIo {
  processIo ??= {
    out: lineWriter(process.stdout),
    err: lineWriter(process.stderr),
    env: process.env,
    columns: process.stdout.isTTY ? process.stdout.columns : undefined,
  }
  return processIo
}

/**
 * The `petstore-mock` command (and `petstore-mock coverage`, `runCoverageCli`): parses flags, starts the server, prints how to
 * call it, logs one line per request and closes gracefully on SIGINT/SIGTERM,
 * and, when npm started it (`npx`, `npm run`), once its parent has exited.
 * Resolves with the exit code once the server has stopped (or failed to start).
 *
 * @example
 * process.exitCode = await runMockCli(process.argv.slice(2))
 */
export async function runMockCli(argv: Array<string>, io: CliIo = defaultIo()): Promise<number> {
  if (argv[0] === 'coverage') {
    // Loaded only for this command: a start of the server never reads it.
    const { runCoverageCli } = await import('./run-coverage-cli.ts')
    return runCoverageCli(argv.slice(1), io)
  }
  let args: MockArgs | undefined
  try {
    args = await parseMockFlags(argv, io)
  } catch (error) {
    io.err(messageOf(error))
    return 1
  }
  if (args === undefined) return 0

  let running: Awaited<ReturnType<typeof startServer>>
  /** Where each added key was given, to name it in a message about its limits. */
  const keySources = nameRecord<string>()
  try {
    // A key named __proto__ is a key like any other (no prototype to replace).
    const keys = nameRecord<KeySpec>()
    if (args.keys) {
      Object.assign(keys, readJsonFile(args.keys, 'read --keys'))
      for (const key of Object.keys(keys)) keySources[key] = `--keys ${args.keys}`
    }
    for (const flag of args['api-key'] ?? []) {
      const [key, spec] = parseApiKeyFlag(String(flag))
      keys[key] = spec
      keySources[key] = `--api-key ${flag}`
    }
    running = await startServer({
      port: args.port,
      host: args.host,
      seed: args.seed,
      pets: args.pets,
      orders: args.orders,
      fixtures: args.fixtures ? readFixtures(args.fixtures) : undefined,
      maxPets: args['max-pets'],
      persistence: args['data-file'] ? openDataFile(args['data-file']) : undefined,
      keys,
      enterprise: { perMinute: args['enterprise-per-minute'], perDay: args['enterprise-per-day'] },
      rateLimit: {
        enabled: args['rate-limit'] !== 'off',
        scale: args['rate-limit-scale'],
        banAfter: args['ban-after'],
        banDurationMs: args['ban-seconds'] * 1000,
      },
      cors: args.cors,
      admin: args.admin,
      allowedHosts: allowedHostsFlag(args['allowed-host']),
      adminToken: args['admin-token'],
      shutdownTimeoutMs: args['shutdown-timeout'] * 1000,
      journalSize: args['journal-size'],
      proxy: args.proxy,
      proxyFallback: args['proxy-fallback'],
      record: args.record,
    })
  } catch (error) {
    io.err(flagMessage(error, keySources))
    return 1
  }

  const { url, petstore } = running
  const scale = args['rate-limit-scale']
  const json = args['log-format'] === 'json'
  if (!args.quiet) {
    // A client's or an upstream's C1 controls and bidi overrides (in the path,
    // a header, the body) reach the terminal as escapes, not as themselves.
    petstore.onRequest((entry) =>
      io.out(showControls(json ? JSON.stringify(entry) : formatLogLine(entry))),
    )
  }
  // With --log-format json, stdout carries only the JSON lines: the banner and
  // the shutdown notices, meant for a person, go to stderr.
  const say = json ? io.err : io.out
  say(`petstore-mock ${packageVersion()} listening on ${url}`)
  say(`  API:       ${url}${API_PREFIX}   OpenAPI: ${url}${OPENAPI_PATH}`)
  if (args.admin) {
    // With an admin token, the dashboard reads it from the fragment (never sent to the server).
    const fragment = running.adminToken === undefined ? '' : `#token=${running.adminToken}`
    say(`  dashboard: ${url}${ADMIN_PREFIX}/${fragment}   control: ${url}${ADMIN_PREFIX}/state`)
    say(
      `  journal:   last ${args['journal-size']} requests at ${ADMIN_PREFIX}/requests, live at ${ADMIN_PREFIX}/events`,
    )
  }
  // The mock's own data, limits and keys: in proxy mode, only the fallback's.
  const mockLines = [
    `  data:      ${formatCounts(petstore.state().data)}${args['data-file'] ? ` (kept in ${args['data-file']})` : ''}`,
    `  limits:    ${describeRateLimits({
      enabled: args['rate-limit'] !== 'off',
      scale,
      banAfter: args['ban-after'],
      banSeconds: args['ban-seconds'],
    })}`,
    '  keys:',
    ...petstore
      .state()
      .keys.map(
        (key) =>
          `    ${key.key.padEnd(22)} ${key.plan.padEnd(10)} ${describeKeyLimits(key, scale)}`,
      ),
  ]
  const lines =
    args.proxy === undefined
      ? mockLines
      : proxyBanner({
          api: `${url}${API_PREFIX}`,
          upstream: args.proxy,
          fallback: args['proxy-fallback'] === 'mock',
          record: args.record,
          mockLines,
        })
  for (const line of lines) say(line)
  // Through the proxy, the key is the upstream's.
  const key = args.proxy === undefined ? 'sk_test_free' : '<your upstream key>'
  say(
    `  try:       curl -H 'Authorization: Bearer ${key}' '${url}${ROUTE_OF.listPets.path}?limit=3'`,
  )
  for (const line of securityBanner({
    host: args.host,
    beyondLoopback: isBeyondLoopback(args.host),
    adminToken: args.admin ? running.adminToken : undefined,
    proxy: args.proxy,
  })) {
    say(line)
  }
  // Now that everything a start needs is compiled: keep it for the next
  // start (when the bin enabled the cache), even if this one is killed.
  flushCompileCache?.()

  return await new Promise<number>((resolve) => {
    let stopping = false
    const stop = (signal: string) => {
      if (stopping) {
        // A second signal: no more waiting.
        say(`${signal} again: stopping petstore-mock now`)
        process.off('SIGINT', onInt)
        process.off('SIGTERM', onTerm)
        running.server.closeAllConnections()
        resolve(1)
        return
      }
      stopping = true
      say(
        `${signal}: closing petstore-mock (finishing requests for up to ${args['shutdown-timeout']} s; send ${signal} again to stop now)`,
      )
      running.close().then(
        () => resolve(0),
        () => resolve(0),
      )
    }
    const onInt = () => stop('SIGINT')
    const onTerm = () => stop('SIGTERM')
    process.on('SIGINT', onInt)
    process.on('SIGTERM', onTerm)
    // Under npx or npm run, a SIGTERM to npm stops npm and its shell, not
    // the mock: it closes as on SIGTERM once the process that started it is gone.
    if (startedByNpm(io.env)) {
      const unwatch = watchParent((parent) => {
        if (stopping) return
        stopping = true
        say(
          `the process that started petstore-mock (pid ${parent}) has exited: closing petstore-mock (finishing requests for up to ${args['shutdown-timeout']} s; send SIGTERM to stop now)`,
        )
        running.close().then(
          () => resolve(0),
          () => resolve(0),
        )
      }, io.parent)
      running.server.once('close', unwatch)
    }
  })
}

/**
 * The `--fixtures` file, read and checked here so that an error names the
 * file; the petstore takes the checked data as it is.
 *
 * @example
 * readFixtures('fixtures/example.json').pets.length // 5
 */
function readFixtures(file: string): Dataset {
  return parseFixtures(readJsonFile(file, 'load fixtures'), {
    action: `load the fixtures file ${file}`,
  })
}

function formatCounts(data: { categories: number; pets: number; orders: number }): string {
  return `${data.pets} pets, ${data.categories} categories, ${data.orders} orders`
}

/** `--allowed-host` values: `*` serves any host. */
function allowedHostsFlag(values: Array<string | number> | undefined): Array<string> | true {
  const names = (values ?? []).map(String)
  return names.includes('*') ? true : names
}
