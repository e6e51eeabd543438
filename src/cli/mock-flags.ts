import type { Options } from 'yargs'
import { DEFAULT_SHUTDOWN_TIMEOUT_MS } from '../adapter/node/graceful-shutdown.ts'
import { DEFAULTS, LIMITS } from '../base/options/defaults.ts'

/**
 * The flags of `petstore-mock`, written once, in `--help`'s order: yargs
 * reads them (`parseMockFlags`), and so does the reader of plain command
 * lines that starts the server without loading yargs (`readPlainFlags`).
 * `env` gives the default port (`PORT`).
 *
 * @example
 * mockFlags({}).port.default // 4010
 */
export function mockFlags(env: Record<string, string | undefined>) {
  return {
    port: {
      alias: 'p',
      type: 'number',
      default: env.PORT === undefined ? DEFAULTS.port : Number(env.PORT),
      describe: 'Port to listen on (env PORT); 0 picks a free one',
    },
    host: {
      alias: 'h',
      type: 'string',
      default: DEFAULTS.host,
      describe: 'Host to bind (-h as in Prism; the help is --help or -?)',
    },
    seed: {
      type: 'number',
      default: DEFAULTS.seed,
      describe: 'Seed of the generated data',
    },
    pets: { type: 'number', default: DEFAULTS.pets, describe: 'Seeded pets' },
    orders: { type: 'number', default: DEFAULTS.orders, describe: 'Seeded orders' },
    fixtures: {
      type: 'string',
      describe: 'JSON file with your own categories, pets and orders',
    },
    'max-pets': {
      type: 'number',
      describe: `Creates beyond this many pets answer 507 (default: seeded pets + ${DEFAULTS.maxCreatedPets})`,
    },
    'data-file': {
      type: 'string',
      describe: 'Keep pets and orders in this JSON file across restarts (start from it if present)',
    },
    'api-key': {
      type: 'string',
      array: true,
      describe:
        'Accept another key: KEY=PLAN (free|pro|business|enterprise), or KEY=enterprise:PER_MIN/PER_DAY',
    },
    keys: { type: 'string', describe: 'JSON file of more keys: { "KEY": "PLAN" }' },
    'rate-limit': {
      choices: ['on', 'off'] as const,
      default: DEFAULTS.rateLimit.enabled ? ('on' as const) : ('off' as const),
      describe: 'Enforce rate limits (off: headers only, never 429)',
    },
    'rate-limit-scale': {
      type: 'number',
      default: DEFAULTS.rateLimit.scale,
      describe: 'Make windows and bans N times shorter (10: a minute lasts 6 s)',
    },
    'enterprise-per-minute': {
      type: 'number',
      default: DEFAULTS.enterprise.perMinute,
      describe: 'Default per-minute limit of Enterprise keys',
    },
    'enterprise-per-day': {
      type: 'number',
      default: DEFAULTS.enterprise.perDay,
      describe: 'Default per-day limit of Enterprise keys',
    },
    'ban-after': {
      type: 'number',
      default: DEFAULTS.rateLimit.banAfter,
      describe: 'The Nth request after a 429 bans the key (the ones before get 429 only)',
    },
    'ban-seconds': {
      type: 'number',
      default: DEFAULTS.rateLimit.banDurationMs / 1000,
      describe: 'How long a ban lasts (0: no bans)',
    },
    cors: {
      type: 'boolean',
      default: DEFAULTS.cors,
      describe: 'CORS for browsers (--no-cors to turn off)',
    },
    admin: {
      type: 'boolean',
      default: DEFAULTS.admin,
      describe: 'Control API under /__mock/ (--no-admin to turn off)',
    },
    coverage: {
      type: 'boolean',
      default: DEFAULTS.coverage,
      describe: 'Count traffic coverage (--no-coverage to turn off; the control API stays)',
    },
    'allowed-host': {
      type: 'string',
      array: true,
      describe:
        'Serve this Host name too (repeatable; .example.test: the domain and its subdomains; *: any, no DNS-rebinding protection)',
    },
    'admin-token': {
      type: 'string',
      describe:
        'Bearer token for /__mock/* (default: none on loopback, generated and printed beyond it)',
    },
    'shutdown-timeout': {
      type: 'number',
      default: DEFAULT_SHUTDOWN_TIMEOUT_MS / 1000,
      describe: 'On SIGTERM/SIGINT, seconds in-flight requests may take before they get 503',
    },
    'journal-size': {
      type: 'number',
      default: DEFAULTS.journalSize,
      describe: `Requests the journal keeps for /__mock/requests (0 to ${LIMITS.maxJournalSize})`,
    },
    proxy: {
      type: 'string',
      describe:
        'Forward every /v1 request to this API root (https://staging.example.com/v1) and judge each answer against the spec',
    },
    'proxy-fallback': {
      choices: ['none', 'mock'] as const,
      default: 'none' as const,
      describe:
        'With --proxy: mock answers where the upstream has no such route (404, 405, 501) or cannot be reached',
    },
    record: {
      type: 'string',
      describe:
        'With --proxy: add the pets and orders the upstream answers to FILE by id (the --fixtures format; what FILE holds is kept)',
    },
    'log-format': {
      choices: ['text', 'json'] as const,
      default: 'text' as const,
      describe:
        'One line per request: text, or json (the journal entry; the banner then goes to stderr)',
    },
    quiet: {
      alias: 'q',
      type: 'boolean',
      default: false,
      describe: 'No log line per request',
    },
  } as const satisfies Record<string, Options>
}
