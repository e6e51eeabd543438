import { flushCompileCache } from 'node:module'
import { join, relative } from 'node:path'
import yargs from 'yargs'
import { openDataFile } from '../data/open-data-file.ts'
import { parseFixtures } from '../data/parse-fixtures.ts'
import { readJsonFile } from '../data/read-json-file.ts'
import type { Dataset } from '../data/seed-data.ts'
import { ConfigError } from '../errors/config-error.ts'
import { messageOf } from '../errors/message-of.ts'
import { showControls } from '../errors/show-controls.ts'
import type { KeySpec } from '../keys/create-keyring.ts'
import { isBeyondLoopback } from '../net/host-names.ts'
import { DEFAULTS, LIMITS } from '../options/defaults.ts'
import { parseProxyTarget } from '../proxy/proxy-target.ts'
import { DEFAULT_SHUTDOWN_TIMEOUT_MS } from '../server/graceful-shutdown.ts'
import { startServer } from '../server/start-server.ts'
import { ADMIN_PREFIX, OPENAPI_PATH } from '../spec/paths.ts'
import { API_PREFIX, ROUTE_OF } from '../spec/routes.ts'
import { describeKeyLimits, describeRateLimits } from './describe-rate-limits.ts'
import { flagMessage } from './flag-of-option.ts'
import { formatLogLine } from './format-log-line.ts'
import { lineWriter } from './line-writer.ts'
import { EXAMPLE_FIXTURES, packageRoot, packageVersion } from './package-version.ts'
import { parseApiKeyFlag } from './parse-api-key-flag.ts'
import { securityBanner } from './security-banner.ts'

export interface CliIo {
  out: (line: string) => void
  err: (line: string) => void
  env: Record<string, string | undefined>
  /**
   * The terminal's width when the output goes to one: `--help` wraps to it.
   * Absent (piped, redirected): `--help` is not wrapped, so that no example
   * breaks in the middle of a flag.
   */
  columns?: number | undefined
}

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
 * The `petstore-mock` command: parses flags, starts the server, prints how to
 * call it, logs one line per request and closes gracefully on SIGINT/SIGTERM.
 * Resolves with the exit code once the server has stopped (or failed to start).
 *
 * @example
 * process.exitCode = await runMockCli(process.argv.slice(2))
 */
export async function runMockCli(argv: Array<string>, io: CliIo = defaultIo()): Promise<number> {
  let args: Awaited<ReturnType<typeof parse>>
  try {
    args = await parse(argv, io)
  } catch (error) {
    io.err(messageOf(error))
    return 1
  }
  if (args === undefined) return 0

  let running: Awaited<ReturnType<typeof startServer>>
  /** Where each added key was given, to name it in a message about its limits. */
  const keySources: Record<string, string> = {}
  try {
    const keys: Record<string, KeySpec> = {}
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
  if (args.proxy !== undefined) {
    say(
      `  proxy:     ${url}${API_PREFIX} -> ${args.proxy}, every exchange judged against the spec${args['proxy-fallback'] === 'mock' ? '; the mock answers where the upstream has no route or is down' : ''}${args.record ? `; pets and orders recorded to ${args.record}` : ''}`,
    )
  }
  say(
    `  data:      ${formatCounts(petstore.state().data)}${args['data-file'] ? ` (kept in ${args['data-file']})` : ''}`,
  )
  say(
    `  limits:    ${describeRateLimits({
      enabled: args['rate-limit'] !== 'off',
      scale,
      banAfter: args['ban-after'],
      banSeconds: args['ban-seconds'],
    })}`,
  )
  say('  keys:')
  for (const key of petstore.state().keys) {
    say(`    ${key.key.padEnd(22)} ${key.plan.padEnd(10)} ${describeKeyLimits(key, scale)}`)
  }
  say(
    `  try:       curl -H 'Authorization: Bearer sk_test_free' '${url}${ROUTE_OF.listPets.path}?limit=3'`,
  )
  for (const line of securityBanner({
    host: args.host,
    beyondLoopback: isBeyondLoopback(args.host),
    adminToken: args.admin ? running.adminToken : undefined,
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
  })
}

async function parse(argv: Array<string>, io: CliIo) {
  let helpShown = false
  const parser = yargs(argv)
    .scriptName('petstore-mock')
    .usage('$0 [options]\n\nA stateful mock of the Animal Adoption Service API on a port.')
    .option('port', {
      alias: 'p',
      type: 'number',
      default: io.env.PORT === undefined ? DEFAULTS.port : Number(io.env.PORT),
      describe: 'Port to listen on (env PORT); 0 picks a free one',
    })
    .option('host', {
      alias: 'h',
      type: 'string',
      default: DEFAULTS.host,
      describe: 'Host to bind',
    })
    .option('seed', {
      type: 'number',
      default: DEFAULTS.seed,
      describe: 'Seed of the generated data',
    })
    .option('pets', { type: 'number', default: DEFAULTS.pets, describe: 'Seeded pets' })
    .option('orders', { type: 'number', default: DEFAULTS.orders, describe: 'Seeded orders' })
    .option('fixtures', {
      type: 'string',
      describe: 'JSON file with your own categories, pets and orders',
    })
    .option('max-pets', {
      type: 'number',
      describe: `Creates beyond this many pets answer 507 (default: seeded pets + ${DEFAULTS.maxCreatedPets})`,
    })
    .option('data-file', {
      type: 'string',
      describe: 'Keep pets and orders in this JSON file across restarts (start from it if present)',
    })
    .option('api-key', {
      type: 'string',
      array: true,
      describe:
        'Accept another key: KEY=PLAN (free|pro|business|enterprise), or KEY=enterprise:PER_MIN/PER_DAY',
    })
    .option('keys', { type: 'string', describe: 'JSON file of more keys: { "KEY": "PLAN" }' })
    .option('rate-limit', {
      choices: ['on', 'off'] as const,
      default: DEFAULTS.rateLimit.enabled ? ('on' as const) : ('off' as const),
      describe: 'Enforce rate limits (off: headers only, never 429)',
    })
    .option('rate-limit-scale', {
      type: 'number',
      default: DEFAULTS.rateLimit.scale,
      describe: 'Make windows and bans N times shorter (10: a minute lasts 6 s)',
    })
    .option('enterprise-per-minute', {
      type: 'number',
      default: DEFAULTS.enterprise.perMinute,
      describe: 'Default per-minute limit of Enterprise keys',
    })
    .option('enterprise-per-day', {
      type: 'number',
      default: DEFAULTS.enterprise.perDay,
      describe: 'Default per-day limit of Enterprise keys',
    })
    .option('ban-after', {
      type: 'number',
      default: DEFAULTS.rateLimit.banAfter,
      describe: 'The Nth request after a 429 bans the key (the ones before get 429 only)',
    })
    .option('ban-seconds', {
      type: 'number',
      default: DEFAULTS.rateLimit.banDurationMs / 1000,
      describe: 'How long a ban lasts (0: no bans)',
    })
    .option('cors', {
      type: 'boolean',
      default: DEFAULTS.cors,
      describe: 'CORS for browsers (--no-cors to turn off)',
    })
    .option('admin', {
      type: 'boolean',
      default: DEFAULTS.admin,
      describe: 'Control API under /__mock/ (--no-admin to turn off)',
    })
    .option('allowed-host', {
      type: 'string',
      array: true,
      describe:
        'Serve this Host name too (repeatable; .example.test: the domain and its subdomains; *: any, no DNS-rebinding protection)',
    })
    .option('admin-token', {
      type: 'string',
      describe:
        'Bearer token for /__mock/* (default: none on loopback, generated and printed beyond it)',
    })
    .option('shutdown-timeout', {
      type: 'number',
      default: DEFAULT_SHUTDOWN_TIMEOUT_MS / 1000,
      describe: 'On SIGTERM/SIGINT, seconds in-flight requests may take before they get 503',
    })
    .option('journal-size', {
      type: 'number',
      default: DEFAULTS.journalSize,
      describe: `Requests the journal keeps for /__mock/requests (0 to ${LIMITS.maxJournalSize})`,
    })
    .option('proxy', {
      type: 'string',
      describe:
        'Forward every /v1 request to this API root (https://staging.example.com/v1) and judge each answer against the spec',
    })
    .option('proxy-fallback', {
      choices: ['none', 'mock'] as const,
      default: 'none' as const,
      describe:
        'With --proxy: mock answers where the upstream has no such route (404, 405, 501) or cannot be reached',
    })
    .option('record', {
      type: 'string',
      describe:
        'With --proxy: write the pets and orders the upstream answers to FILE (the --fixtures format)',
    })
    .option('log-format', {
      choices: ['text', 'json'] as const,
      default: 'text' as const,
      describe:
        'One line per request: text, or json (the journal entry; the banner then goes to stderr)',
    })
    .option('quiet', {
      alias: 'q',
      type: 'boolean',
      default: false,
      describe: 'No log line per request',
    })
    .example('$0', `Serve on http://${DEFAULTS.host}:${DEFAULTS.port} with the default keys`)
    .example('$0 --port 8080 --seed 42 --pets 500', 'Another port and more, different data')
    .example(
      '$0 --api-key sk_live_me=pro --rate-limit-scale 10',
      'An extra key; windows 10x shorter',
    )
    .example(`$0 --fixtures ${exampleFixtures()} --no-admin`, 'Your own data, no control API')
    .example('$0 --data-file pets.json', 'Created pets survive a restart')
    .example(
      '$0 --proxy https://staging.example.com/v1 --proxy-fallback mock',
      'In front of a real server: its answers, judged; the mock where it has no route',
    )
    .strict()
    .help()
    .alias('help', '?')
    .version('version', 'Print the version and exit', packageVersion())
    .wrap(io.columns === undefined ? null : Math.min(110, io.columns))
    .exitProcess(false)
    .fail((message, error) => {
      throw new ConfigError(
        'ERR_PETSTORE_INVALID_FLAG',
        'read the flags',
        // One line: yargs puts the details of some messages on lines of their own.
        (error?.message ?? message).replace(/\s*\n\s*/g, ' '),
      )
    })
    .showHelpOnFail(false)
  parser.parserConfiguration({ 'strip-aliased': true })
  // A flag that takes a value must have one: `--port` alone is an error, not the default port.
  // (getOptions() is part of yargs' API, not of its type declarations.)
  const {
    boolean: switches,
    number: numbers,
    key: flags,
  } = (
    parser as unknown as {
      getOptions(): { boolean: Array<string>; number: Array<string>; key: Record<string, unknown> }
    }
  ).getOptions()
  parser.requiresArg(
    Object.keys(flags).filter(
      (name) => !switches.includes(name) && !['help', 'version'].includes(name),
    ),
  )
  const args = await parser.parseAsync(argv, {}, (_error, _parsed, output) => {
    if (output) {
      helpShown = true
      io.out(output)
    }
  })
  if (helpShown) return undefined
  if (args.proxy !== undefined) parseProxyTarget(args.proxy, '--proxy')
  else if (args.record !== undefined || argv.some((arg) => arg.startsWith('--proxy-fallback'))) {
    throw new ConfigError(
      'ERR_PETSTORE_INVALID_FLAG',
      'read the flags',
      `${args.record !== undefined ? '--record' : '--proxy-fallback'} needs --proxy URL`,
    )
  }
  for (const name of numbers) {
    const value = (args as Record<string, unknown>)[name]
    if (value !== undefined && !Number.isFinite(value)) {
      throw new ConfigError(
        'ERR_PETSTORE_INVALID_FLAG',
        'read the flags',
        `--${name} must be a number`,
      )
    }
  }
  return args
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

/**
 * The example fixtures file that comes with the package, as a path from the
 * current folder: the help's example then runs as pasted wherever it is
 * shown (`fixtures/example.json` in the clone,
 * `node_modules/petstore-mock/fixtures/example.json` in a project).
 */
function exampleFixtures(): string {
  const root = packageRoot()
  const file = root === undefined ? EXAMPLE_FIXTURES : join(root, EXAMPLE_FIXTURES)
  const path = relative(process.cwd(), file)
  return /[\s'"$]/.test(path) ? `'${path.replaceAll("'", "'\\''")}'` : path
}

function formatCounts(data: { categories: number; pets: number; orders: number }): string {
  return `${data.pets} pets, ${data.categories} categories, ${data.orders} orders`
}

/** `--allowed-host` values: `*` serves any host. */
function allowedHostsFlag(values: Array<string | number> | undefined): Array<string> | true {
  const names = (values ?? []).map(String)
  return names.includes('*') ? true : names
}
