import type { InferredOptionTypes, Options } from 'yargs'
import { KIT_DEFAULTS } from '../model/kit-defaults.ts'

/**
 * The reporters `--reporter` takes, in `--help`'s order.
 *
 * @example
 * KIT_REPORTERS.includes('junit') // true
 */
export const KIT_REPORTERS = ['pretty', 'json', 'junit', 'html', 'github'] as const

/** A reporter `--reporter` takes. */
export type ReporterName = (typeof KIT_REPORTERS)[number]

/**
 * The flags of `petstore-conformance`, written once, in `--help`'s order:
 * the parser reads them (`parseKitArgs`), `--help` prints them and the
 * flag table of docs/conformance.md is compared with that help
 * (`conformance/run/docs.test.ts`). Defaults come from `KIT_DEFAULTS`.
 *
 * @example
 * KIT_FLAGS.timeout.default // 10000
 */
export const KIT_FLAGS = {
  'base-url': { type: 'string', describe: 'Base URL of the API, /v1 included' },
  token: { type: 'string', describe: 'API key (default: $PETSTORE_API_KEY)' },
  'other-token': {
    type: 'string',
    describe:
      "A key of another account, for the check that its requests do not count against --token's (default: $PETSTORE_OTHER_API_KEY)",
  },
  reporter: {
    type: 'string',
    array: true,
    describe: `${KIT_REPORTERS.join(' | ')}, optionally NAME:FILE; repeatable`,
  },
  output: { type: 'string', describe: 'File of the reporter given without one' },
  only: { type: 'string', array: true, describe: 'Run only these check ids or prefixes' },
  skip: { type: 'string', array: true, describe: 'Leave out these check ids or prefixes' },
  'read-only': { type: 'boolean', default: false, describe: 'Send nothing that creates data' },
  include: {
    type: 'string',
    array: true,
    choices: ['rate-limit'],
    describe: "Opt-in groups: rate-limit (exhausts the key's minute window)",
  },
  timeout: {
    type: 'number',
    default: KIT_DEFAULTS.timeoutMs,
    describe: 'Per-request timeout in ms',
  },
  list: { type: 'boolean', default: false, describe: 'Print the check catalogue and exit' },
  strict: { type: 'boolean', default: false, describe: 'Advisory failures fail the run' },
  'fail-on-skip': {
    type: 'boolean',
    default: false,
    describe: 'Required checks that were skipped or not run fail the run',
  },
  'max-duration': {
    type: 'number',
    default: KIT_DEFAULTS.maxDurationMs / 1000,
    describe: 'Stop the run after this many seconds (exit 2, every report written)',
  },
  seed: { type: 'number', describe: 'Seed of the generated cases (printed by every run)' },
  'max-requests': {
    type: 'number',
    default: KIT_DEFAULTS.maxRequests,
    describe: 'Request budget of the run',
  },
  examples: {
    type: 'number',
    default: KIT_DEFAULTS.examples,
    describe: 'Generated cases per property',
  },
  'category-id': {
    type: 'string',
    describe: 'Category id (any int64) for created pets when none can be found',
  },
  'stateful-requests': {
    type: 'number',
    default: KIT_DEFAULTS.statefulRequests,
    describe: 'Request budget of the stateful phase, shrinking included (0: leave it out)',
  },
  color: { type: 'boolean', describe: 'Colour the console output (default: on a TTY)' },
} as const satisfies Record<string, Options>

/** The flags of `petstore-conformance` as read: each flag of {@link KIT_FLAGS} by its name, as its type. */
export type KitArgs = InferredOptionTypes<typeof KIT_FLAGS>

/**
 * The first lines of `--help`.
 *
 * @example
 * parser.usage(KIT_USAGE)
 */
export const KIT_USAGE =
  '$0 --base-url URL [--token KEY] [options]\n\nChecks a live server against the Animal Adoption Service API v1.'

/**
 * The closing text of `--help`: reporters, checks, exit codes and the key.
 *
 * @example
 * parser.epilog(KIT_EPILOG)
 */
export const KIT_EPILOG = `Reporters: --reporter takes NAME or NAME:FILE and may be repeated, e.g.
  --reporter pretty --reporter junit:reports/junit.xml --reporter html:reports/conformance.html
--output FILE is the file of the one reporter given without a file (json or junit;
pretty only when it is the only reporter). html always names its file. At most one
reporter writes to stdout; when json or junit does, the pretty progress goes to
stderr. The console shows the pretty report unless json or junit writes to stdout.
github (on by itself when GITHUB_ACTIONS=true) appends a Markdown summary to
FILE or $GITHUB_STEP_SUMMARY; its ::error / ::warning annotations are printed only
when GITHUB_ACTIONS=true (elsewhere they would only clutter the console).
Report folders must exist: every path is checked before the first request, and
every report is written on every exit, a stopped run included.

Checks: --only and --skip take check ids or prefixes (auth, create.reject, auth.*);
see --list. Generated cases are replayed with --seed.

Exit codes: 0 every required check passed; 1 a required check failed (or, with
--strict, an advisory one; with --fail-on-skip, a required one skipped); 2 bad
usage, the base URL unreachable, the key rejected by the pre-flight request, or
a run that stopped early (--max-duration, the server gone, a wait too long).

The key comes from --token or PETSTORE_API_KEY (a second one, of another
account, from --other-token or PETSTORE_OTHER_API_KEY); reports write them as
$PETSTORE_API_KEY and $PETSTORE_OTHER_API_KEY, so the curl commands run as they
are once those are exported, and a server's echo of them in any case, encoded or
cut to 8 characters or more, the same way (a --base-url password as ****). A key
is sent without the spaces and tabs around it, and must have 4 characters or more.`
