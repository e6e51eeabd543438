import { appendFile, writeFile } from 'node:fs/promises'
import { parseArgs } from 'node:util'
import { COVERAGE_FILE_SUFFIX } from '../core/coverage/coverage-file.ts'
import {
  coverageJson,
  coverageJunit,
  coverageMarkdown,
  coverageText,
} from '../core/coverage/coverage-reports.ts'
import { judgeCoverage, mergeCoverage } from '../core/coverage/merge-coverage.ts'
import { formatMessage } from '../errors/format-message.ts'
import { messageOf } from '../errors/message-of.ts'
import { showControls } from '../utils/show-controls.ts'
import type { CliIo } from './cli-io.ts'
import { readCoverageFiles } from './read-coverage-files.ts'

/** Exit codes of `petstore-mock coverage merge`: as the conformance kit's. */
export const COVERAGE_EXIT = { passed: 0, belowThreshold: 1, failed: 2 } as const

/** At most this many messages about unreadable files are printed; the rest are counted. */
export const MAX_PROBLEMS_SHOWN = 20

/**
 * The help of `petstore-mock coverage`.
 *
 * @example
 * io.out(COVERAGE_HELP)
 */
export const COVERAGE_HELP = `petstore-mock coverage merge PATH... [options]

Merges the coverage files that writeCoverage() wrote (one per test file, any
number of folders: test files, CI shards) and judges them against a threshold.
A folder is searched for *${COVERAGE_FILE_SUFFIX} files.

Options:
  --threshold PERCENT  Fail (exit 1) when fewer than PERCENT % of the cells were met, naming those never met
  --json FILE          Write the merged coverage as JSON
  --junit FILE         Write it as JUnit XML (a testcase per cell)
  --markdown FILE      Write it as a Markdown summary (also appended to $GITHUB_STEP_SUMMARY when set)
  --help               Print this help

Exit codes: 0 merged (threshold met), 1 threshold not met, 2 bad usage or a file not read.

Example:
  petstore-mock coverage merge petstore-coverage --threshold 80 --junit coverage.xml`

/**
 * `petstore-mock coverage merge PATH... [--threshold N] [--json F]
 * [--junit F] [--markdown F]`: reads the coverage files (bounded, see
 * `readCoverageFiles`), merges them, prints what was met and what never
 * was, writes the reports asked for and the Markdown summary to
 * `$GITHUB_STEP_SUMMARY` when set. Resolves with the exit code
 * ({@link COVERAGE_EXIT}); a bad file or flag is a
 * `[petstore-mock] Failed to …` line, never a crash.
 *
 * @example
 * process.exitCode = await runCoverageCli(['merge', 'petstore-coverage', '--threshold', '80'], io)
 */
export async function runCoverageCli(argv: Array<string>, io: CliIo): Promise<number> {
  let parsed: ReturnType<typeof parseFlags>
  try {
    parsed = parseFlags(argv)
  } catch (error) {
    io.err(showControls(formatMessage('read the coverage flags', messageOf(error))))
    io.err('For the flags, run petstore-mock coverage --help')
    return COVERAGE_EXIT.failed
  }
  if (parsed === 'help') {
    io.out(COVERAGE_HELP)
    return COVERAGE_EXIT.passed
  }
  const { paths, threshold, json, junit, markdown } = parsed
  const { files, problems } = await readCoverageFiles(paths)
  if (files.length === 0 && problems.length === 0) {
    problems.push(
      formatMessage(
        'merge the coverage',
        `no *${COVERAGE_FILE_SUFFIX} file in ${showControls(paths.join(', '))}`,
      ),
    )
  }
  if (problems.length > 0) {
    for (const problem of problems.slice(0, MAX_PROBLEMS_SHOWN)) io.err(problem)
    if (problems.length > MAX_PROBLEMS_SHOWN) {
      io.err(`... and ${problems.length - MAX_PROBLEMS_SHOWN} more files not read`)
    }
    return COVERAGE_EXIT.failed
  }
  const merged = mergeCoverage(files)
  const verdict = judgeCoverage(merged, threshold)
  let written = true
  const save = async (label: string, file: string, write: () => Promise<void>) => {
    try {
      await write()
    } catch (error) {
      written = false
      io.err(showControls(formatMessage(`write the ${label} to ${file}`, messageOf(error))))
    }
  }
  if (json !== undefined)
    await save('JSON', json, () => writeFile(json, coverageJson(merged, verdict)))
  if (junit !== undefined) {
    await save('JUnit XML', junit, () => writeFile(junit, coverageJunit(merged, verdict)))
  }
  const summary = coverageMarkdown(merged, verdict)
  if (markdown !== undefined) await save('Markdown', markdown, () => writeFile(markdown, summary))
  const stepSummary = io.env.GITHUB_STEP_SUMMARY
  if (stepSummary) {
    await save('step summary', stepSummary, () => appendFile(stepSummary, summary))
  }
  for (const line of coverageText(merged, verdict).trimEnd().split('\n')) io.out(line)
  if (!written) return COVERAGE_EXIT.failed
  return verdict.passed ? COVERAGE_EXIT.passed : COVERAGE_EXIT.belowThreshold
}

interface CoverageFlags {
  paths: Array<string>
  threshold: number | undefined
  json: string | undefined
  junit: string | undefined
  markdown: string | undefined
}

/** The flags of `coverage merge`, or `'help'`; a bad one throws an `Error` naming it. */
function parseFlags(argv: Array<string>): CoverageFlags | 'help' {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      threshold: { type: 'string' },
      json: { type: 'string' },
      junit: { type: 'string' },
      markdown: { type: 'string' },
      help: { type: 'boolean', short: '?' },
    },
  })
  if (values.help) return 'help'
  const [command, ...paths] = positionals
  if (command !== 'merge') {
    throw new Error(
      command === undefined
        ? 'say what to do: merge'
        : `unknown command "${command}"; the command is merge`,
    )
  }
  if (paths.length === 0) throw new Error('merge needs the folders or files of the coverage')
  let threshold: number | undefined
  if (values.threshold !== undefined) {
    threshold = Number(values.threshold)
    if (
      values.threshold.trim() === '' ||
      !Number.isFinite(threshold) ||
      threshold < 0 ||
      threshold > 100
    ) {
      throw new Error(`--threshold must be a percentage from 0 to 100, got "${values.threshold}"`)
    }
  }
  return { paths, threshold, json: values.json, junit: values.junit, markdown: values.markdown }
}
