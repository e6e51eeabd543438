import { appendFile, writeFile } from 'node:fs/promises'
import yargs from 'yargs'
import { packageVersion } from '../src/cli/package-version.ts'
import { catalogue } from '../src/contract/catalogue.ts'
import { INT64 } from '../src/spec/index.ts'
import { KIT_DEFAULTS } from './model/kit-defaults.ts'
import { KIT_CODES, kitMessage } from './model/kit-message.ts'
import type { ConformanceResult } from './model/types.ts'
import { reportPathProblem } from './report-path.ts'
import { githubAnnotations, githubSummary } from './reporters/github-reporter.ts'
import { htmlReport } from './reporters/html-reporter.ts'
import { jsonReport } from './reporters/json-reporter.ts'
import { junitReport } from './reporters/junit-reporter.ts'
import { prettyProgress, prettyReport, progressLine } from './reporters/pretty-reporter.ts'
import { showControls } from './reporters/show-controls.ts'
import {
  type ConformanceOptions,
  ConformanceSetupError,
  runConformance,
} from './run-conformance.ts'

/** Where the CLI writes and what it reads from its environment. */
export interface CliIo {
  stdout: { write: (text: string) => unknown; isTTY?: boolean }
  stderr: { write: (text: string) => unknown; isTTY?: boolean }
  /** The environment: `PETSTORE_API_KEY`, `NO_COLOR`, `GITHUB_ACTIONS`, `GITHUB_STEP_SUMMARY`. */
  env: Record<string, string | undefined>
  /** Extra options for the run (tests inject a clock or transport). */
  runOptions?: Partial<ConformanceOptions>
}

type ReporterName = 'pretty' | 'json' | 'junit' | 'html' | 'github'

/**
 * One reporter and where it writes (`undefined`: the console; for `github`,
 * the step summary file, default `$GITHUB_STEP_SUMMARY`).
 */
export interface ReporterTarget {
  name: ReporterName
  file?: string
}

const REPORTERS: Array<ReporterName> = ['pretty', 'json', 'junit', 'html', 'github']

const EPILOG = `Reporters: --reporter takes NAME or NAME:FILE and may be repeated, e.g.
  --reporter pretty --reporter junit:reports/junit.xml --reporter html:reports/conformance.html
--output FILE is the file of the one reporter given without a file (json or junit;
pretty only when it is the only reporter). html always names its file. At most one
reporter writes to stdout; when json or junit does, the pretty progress goes to
stderr. The console shows the pretty report unless json or junit writes to stdout.
github (on by itself when GITHUB_ACTIONS=true) appends a Markdown summary to
FILE or $GITHUB_STEP_SUMMARY and prints ::error / ::warning annotations.
Report folders must exist: every path is checked before the first request, and
every report is written on every exit, a stopped run included.

Checks: --only and --skip take check ids or prefixes (auth, create.reject, auth.*);
see --list. Generated cases are replayed with --seed.

Exit codes: 0 every required check passed; 1 a required check failed (or, with
--strict, an advisory one; with --fail-on-skip, a required one skipped); 2 bad
usage, the base URL unreachable, the key rejected by the pre-flight request, or
a run that stopped early (--max-duration, the server gone, a wait too long).

The key comes from --token or PETSTORE_API_KEY; reports write it as
$PETSTORE_API_KEY, so the curl commands run as they are once it is exported.`

class UsageError extends Error {}

const usageLine = (reason: string) =>
  showControls(
    `${kitMessage('parse the arguments', reason).replace(/\.$/, '')}. See petstore-conformance --help. [${KIT_CODES.usage}]\n`,
  )

/**
 * Maps `--reporter` values and `--output` to reporter targets (see `--help`).
 *
 * @example
 * resolveReporters(['junit'], 'reports/junit.xml') // [{ name: 'junit', file: 'reports/junit.xml' }, { name: 'pretty' }]
 */
export function resolveReporters(
  specs: Array<string>,
  output: string | undefined,
): Array<ReporterTarget> {
  const targets: Array<ReporterTarget> = specs
    .flatMap((spec) => spec.split(','))
    .filter((spec) => spec.trim() !== '')
    .map((spec) => {
      const [name, ...rest] = spec.trim().split(':')
      if (!REPORTERS.includes(name as ReporterName)) {
        throw new UsageError(`unknown reporter "${name}" (${REPORTERS.join(', ')})`)
      }
      const file = rest.join(':')
      if (rest.length > 0 && file === '') {
        throw new UsageError(`reporter "${spec}" names no file`)
      }
      if (name === 'html' && !file) {
        throw new UsageError('the html reporter needs a file: --reporter html:FILE')
      }
      return file ? { name: name as ReporterName, file } : { name: name as ReporterName }
    })
  if (targets.length === 0) {
    targets.push({ name: 'pretty' })
  }
  if (output !== undefined) {
    const unfiled = targets.filter((target) => !target.file && target.name !== 'github')
    const machine = unfiled.filter((target) => target.name !== 'pretty')
    const candidates = machine.length > 0 ? machine : unfiled
    if (candidates.length !== 1) {
      throw new UsageError(
        candidates.length === 0
          ? '--output has no reporter to write (every reporter names its file)'
          : '--output is ambiguous with several reporters; write them as --reporter NAME:FILE',
      )
    }
    ;(candidates[0] as ReporterTarget).file = output
  }
  const console = targets.filter((target) => !target.file && target.name !== 'github')
  if (console.filter((target) => target.name !== 'pretty').length > 1) {
    throw new UsageError('only one of json and junit can write to stdout; give the others a file')
  }
  if (console.length === 0) {
    targets.push({ name: 'pretty' })
  }
  return targets
}

function render(
  name: Exclude<ReporterName, 'github'>,
  result: ConformanceResult,
  color: boolean,
): string {
  switch (name) {
    case 'json':
      return jsonReport(result)
    case 'junit':
      return junitReport(result)
    case 'html':
      return htmlReport(result)
    default:
      return prettyReport(result, { color })
  }
}

function listCatalogue(json: boolean): string {
  if (json) {
    return `${JSON.stringify(catalogue, null, 2)}\n`
  }
  const width = Math.max(...catalogue.map((check) => check.id.length))
  const lines = catalogue.map(
    (check) =>
      `${check.id.padEnd(width)}  ${check.level.padEnd(8)}  ${(check.group === 'default' ? '' : `[${check.group}] `) + check.title} (${check.section}; ${check.operations.join(', ')})`,
  )
  return `${lines.join('\n')}\n`
}

function positiveNumber(name: string, value: number | undefined): number | undefined {
  if (value !== undefined && !(Number.isFinite(value) && value > 0)) {
    throw new UsageError(`--${name} must be a number above 0`)
  }
  return value
}

/** `--category-id`: a decimal int64, kept exact. */
function parseCategoryId(value: string | undefined): bigint | undefined {
  if (value === undefined) {
    return undefined
  }
  const id = /^-?\d+$/.test(value.trim()) ? BigInt(value.trim()) : undefined
  if (id === undefined || id < INT64.min || id > INT64.max) {
    throw new UsageError('--category-id must be an integer in the int64 range')
  }
  return id
}

function positiveInteger(name: string, value: number | undefined): number | undefined {
  if (value === undefined) {
    return undefined
  }
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new UsageError(`--${name} must be a non-negative whole number`)
  }
  return value
}

/**
 * The `petstore-conformance` command: parses arguments, runs the checks,
 * writes the reports and returns the exit code (0, 1 or 2).
 *
 * @example
 * process.exitCode = await runCli(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, env: process.env })
 */
export async function runCli(argv: Array<string>, io: CliIo): Promise<number> {
  const parser = yargs(argv)
    .scriptName('petstore-conformance')
    .usage(
      '$0 --base-url URL [--token KEY] [options]\n\nChecks a live server against the Animal Adoption Service API v1.',
    )
    .option('base-url', { type: 'string', describe: 'Base URL of the API, /v1 included' })
    .option('token', { type: 'string', describe: 'API key (default: $PETSTORE_API_KEY)' })
    .option('reporter', {
      type: 'string',
      array: true,
      describe: 'pretty | json | junit | html | github, optionally NAME:FILE; repeatable',
    })
    .option('output', { type: 'string', describe: 'File of the reporter given without one' })
    .option('only', {
      type: 'string',
      array: true,
      describe: 'Run only these check ids or prefixes',
    })
    .option('skip', {
      type: 'string',
      array: true,
      describe: 'Leave out these check ids or prefixes',
    })
    .option('read-only', {
      type: 'boolean',
      default: false,
      describe: 'Send nothing that creates data',
    })
    .option('include', {
      type: 'string',
      array: true,
      choices: ['rate-limit'],
      describe: "Opt-in groups: rate-limit (exhausts the key's minute window)",
    })
    .option('timeout', {
      type: 'number',
      default: KIT_DEFAULTS.timeoutMs,
      describe: 'Per-request timeout in ms',
    })
    .option('list', {
      type: 'boolean',
      default: false,
      describe: 'Print the check catalogue and exit',
    })
    .option('strict', {
      type: 'boolean',
      default: false,
      describe: 'Advisory failures fail the run',
    })
    .option('fail-on-skip', {
      type: 'boolean',
      default: false,
      describe: 'Required checks that were skipped or not run fail the run',
    })
    .option('max-duration', {
      type: 'number',
      default: KIT_DEFAULTS.maxDurationMs / 1000,
      describe: 'Stop the run after this many seconds (exit 2, every report written)',
    })
    .option('seed', {
      type: 'number',
      describe: 'Seed of the generated cases (printed by every run)',
    })
    .option('max-requests', {
      type: 'number',
      default: KIT_DEFAULTS.maxRequests,
      describe: 'Request budget of the run',
    })
    .option('examples', {
      type: 'number',
      default: KIT_DEFAULTS.examples,
      describe: 'Generated cases per property',
    })
    .option('category-id', {
      type: 'string',
      describe: 'Category id (any int64) for created pets when none can be found',
    })
    .option('stateful-requests', {
      type: 'number',
      default: KIT_DEFAULTS.statefulRequests,
      describe: 'Request budget of the stateful phase, shrinking included (0: leave it out)',
    })
    .option('color', { type: 'boolean', describe: 'Colour the console output (default: on a TTY)' })
    .epilog(EPILOG)
    .version(packageVersion())
    .help()
    .strict()
    .wrap(Math.min(100, process.stdout.columns ?? 100))
    .exitProcess(false)

  let parsed: Awaited<ReturnType<typeof parser.parseAsync>>
  let output = ''
  try {
    parsed = await new Promise((resolve, reject) => {
      parser.parseAsync(argv, {}, (error, args, text) => {
        output = text
        if (error) {
          reject(error)
        } else {
          resolve(args as typeof parsed)
        }
      })
    })
  } catch (error) {
    io.stderr.write(usageLine((error as Error).message.replace(/\s*\n\s*/g, ' ')))
    return 2
  }
  if (parsed.help || parsed.version) {
    io.stdout.write(`${output}\n`)
    return 0
  }

  try {
    const reporters = resolveReporters(parsed.reporter ?? [], parsed.output)
    if (parsed.list) {
      io.stdout.write(listCatalogue(reporters.some((target) => target.name === 'json')))
      return 0
    }
    const baseUrl = parsed.baseUrl
    if (!baseUrl) {
      throw new UsageError('--base-url is required')
    }
    const token = parsed.token ?? io.env.PETSTORE_API_KEY
    if (!token) {
      throw new UsageError('no API key: pass --token or set PETSTORE_API_KEY')
    }
    const github = reporters.find((target) => target.name === 'github')
    if (!github && io.env.GITHUB_ACTIONS === 'true') {
      reporters.push({ name: 'github' })
    }
    const summaryFile = (github?.file ?? io.env.GITHUB_STEP_SUMMARY) || undefined
    const stdoutTaken = reporters.some(
      (target) => !target.file && target.name !== 'pretty' && target.name !== 'github',
    )
    const progressStream = stdoutTaken ? io.stderr : io.stdout
    const color = parsed.color ?? (Boolean(progressStream.isTTY) && !io.env.NO_COLOR)
    const timeoutMs = positiveInteger('timeout', parsed.timeout)
    const maxRequests = positiveInteger('max-requests', parsed.maxRequests)
    const examples = positiveInteger('examples', parsed.examples)
    const seed = positiveInteger('seed', parsed.seed)
    const maxDuration = positiveNumber('max-duration', parsed.maxDuration)
    const categoryId = parseCategoryId(parsed.categoryId)
    const statefulRequests = positiveInteger('stateful-requests', parsed.statefulRequests)
    // Every report path is checked before the first request.
    const files = [
      ...reporters.flatMap((target) =>
        target.file && target.name !== 'github' ? [target.file] : [],
      ),
      ...(reporters.some((target) => target.name === 'github') && summaryFile ? [summaryFile] : []),
    ]
    for (const file of files) {
      const problem = await reportPathProblem(file)
      if (problem) {
        io.stderr.write(`${kitMessage('use the report path', problem)} [${KIT_CODES.reportPath}]\n`)
        return 2
      }
    }

    let result: ConformanceResult
    try {
      result = await runConformance({
        baseUrl,
        token,
        only: parsed.only ?? [],
        skip: parsed.skip ?? [],
        include: parsed.include ?? [],
        readOnly: parsed.readOnly,
        strict: parsed.strict,
        failOnSkip: parsed.failOnSkip,
        ...(maxDuration === undefined ? {} : { maxDurationMs: maxDuration * 1000 }),
        ...(timeoutMs === undefined ? {} : { timeoutMs }),
        ...(maxRequests === undefined ? {} : { maxRequests }),
        ...(examples === undefined ? {} : { examples }),
        ...(seed === undefined ? {} : { seed }),
        ...(categoryId === undefined ? {} : { categoryId }),
        ...(statefulRequests === undefined ? {} : { statefulRequests }),
        onEvent: prettyProgress((text) => progressStream.write(text), { color }),
        onProgress: (progress) =>
          progressStream.write(`  ${showControls(progressLine(progress))}\n`),
        ...io.runOptions,
      })
    } catch (error) {
      if (error instanceof ConformanceSetupError && error.result) {
        result = error.result
      } else {
        throw error
      }
    }
    if (result.stopped && result.exitCode === 2) {
      io.stderr.write(showControls(`${result.stopped.message} [${result.stopped.code}]\n`))
    }
    const written: Array<string> = []
    let writeFailed = false
    const save = async (label: string, file: string, write: () => Promise<void>) => {
      try {
        await write()
        written.push(`${label} -> ${file}`)
      } catch (error) {
        writeFailed = true
        io.stderr.write(
          showControls(
            `${kitMessage(`write the ${label} report to ${file}`, (error as Error).message)} [${KIT_CODES.reportWrite}]\n`,
          ),
        )
      }
    }
    for (const target of reporters) {
      if (target.name === 'github') {
        const stream = stdoutTaken ? io.stderr : io.stdout
        for (const line of githubAnnotations(result)) {
          stream.write(`${line}\n`)
        }
        if (summaryFile) {
          await save('github summary', summaryFile, () =>
            appendFile(summaryFile, githubSummary(result)),
          )
        }
      } else if (target.file) {
        const { name, file } = target
        await save(name, file, () => writeFile(file, render(name, result, false)))
      }
    }
    if (written.length > 0) {
      progressStream.write(showControls(`Reports: ${written.join(', ')}\n`))
    }
    // The console report comes last, so its closing line ends the output.
    for (const target of reporters) {
      if (target.file || target.name === 'github') {
        continue
      }
      if (target.name === 'pretty' && stdoutTaken) {
        io.stderr.write(`${showControls(result.verdict)}\n`)
      } else {
        io.stdout.write(render(target.name, result, color))
      }
    }
    return writeFailed ? 2 : result.exitCode
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr.write(usageLine(error.message))
      return 2
    }
    if (error instanceof ConformanceSetupError) {
      io.stderr.write(showControls(`${error.message} [${error.code}]\n`))
      return 2
    }
    io.stderr.write(
      showControls(`${kitMessage('run the conformance checks', (error as Error).message)}\n`),
    )
    return 2
  }
}
