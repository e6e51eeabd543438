import { flushCompileCache } from 'node:module'
import { startServer } from '../adapter/node/start-server.ts'
import { openDataFile } from '../core/data/open-data-file.ts'
import { parseFixtures } from '../core/data/parse-fixtures.ts'
import { readJsonFile } from '../core/data/read-json-file.ts'
import type { Dataset } from '../core/data/seed-data.ts'
import type { KeySpec } from '../core/plans/create-keyring.ts'
import { messageOf } from '../errors/message-of.ts'
import { nameRecord } from '../utils/name-record.ts'
import { showControls } from '../utils/show-controls.ts'
import type { CliIo } from './cli-io.ts'
import { flagMessage } from './flag-of-option.ts'
import { formatLogLine } from './format-log-line.ts'
import { lineWriter } from './line-writer.ts'
import { parseApiKeyFlag } from './parse-api-key-flag.ts'
import { type MockArgs, parseMockFlags } from './parse-mock-flags.ts'
import { startBanner } from './start-banner.ts'
import { untilStopped } from './until-stopped.ts'

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
      coverage: args.coverage,
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

  const json = args['log-format'] === 'json'
  if (!args.quiet) {
    // A client's or an upstream's C1 controls and bidi overrides (in the path,
    // a header, the body) reach the terminal as escapes, not as themselves.
    running.petstore.onRequest((entry) =>
      io.out(showControls(json ? JSON.stringify(entry) : formatLogLine(entry))),
    )
  }
  // With --log-format json, stdout carries only the JSON lines: the banner and
  // the shutdown notices, meant for a person, go to stderr.
  const say = json ? io.err : io.out
  for (const line of startBanner(args, running)) say(line)
  // Now that everything a start needs is compiled: keep it for the next
  // start (when the bin enabled the cache), even if this one is killed.
  flushCompileCache?.()
  return await untilStopped(running, { say, shutdownSeconds: args['shutdown-timeout'], io })
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

/** `--allowed-host` values: `*` serves any host. */
function allowedHostsFlag(values: Array<string | number> | undefined): Array<string> | true {
  const names = (values ?? []).map(String)
  return names.includes('*') ? true : names
}
