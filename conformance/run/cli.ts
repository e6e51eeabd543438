import { showControls } from '../../src/utils/show-controls.ts'
import { ConformanceError, KIT_CODES, kitMessage } from '../model/kit-message.ts'
import type { ConformanceResult } from '../model/types.ts'
import { prettyProgress, progressLine } from '../reporters/pretty-reporter.ts'
import { kitRunOptions } from './kit-run-options.ts'
import { listCatalogue } from './list-catalogue.ts'
import { parseKitArgs } from './parse-kit-args.ts'
import { reportPathProblem } from './report-path.ts'
import { resolveReporters } from './resolve-reporters.ts'
import {
  type ConformanceOptions,
  ConformanceSetupError,
  runConformance,
} from './run-conformance.ts'
import { type KitStream, writeReports } from './write-reports.ts'

/** Where the CLI writes and what it reads from its environment. */
export interface CliIo {
  stdout: KitStream
  stderr: KitStream
  /** The environment: `PETSTORE_API_KEY`, `PETSTORE_OTHER_API_KEY`, `NO_COLOR`, `GITHUB_ACTIONS`, `GITHUB_STEP_SUMMARY`. */
  env: Record<string, string | undefined>
  /** Extra options for the run (tests inject a clock or transport). */
  runOptions?: Partial<ConformanceOptions>
}

const usageLine = (detail: string) =>
  showControls(
    `${kitMessage('parse the arguments', detail).replace(/\.$/, '')}. See petstore-conformance --help. [${KIT_CODES.usage}]\n`,
  )

/**
 * The `petstore-conformance` command: parses arguments, runs the checks,
 * writes the reports and returns the exit code (0, 1 or 2).
 *
 * @example
 * process.exitCode = await runCli(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, env: process.env })
 */
export async function runCli(argv: Array<string>, io: CliIo): Promise<number> {
  try {
    const line = await parseKitArgs(argv)
    if ('print' in line) {
      io.stdout.write(line.print)
      return 0
    }
    const { args } = line
    const reporters = resolveReporters(args.reporter ?? [], args.output)
    if (args.list) {
      io.stdout.write(listCatalogue(reporters.some((target) => target.name === 'json')))
      return 0
    }
    const options = kitRunOptions(args, io.env)
    const inGithubActions = io.env.GITHUB_ACTIONS === 'true'
    const github = reporters.find((target) => target.name === 'github')
    const summaryFile = (github?.file ?? io.env.GITHUB_STEP_SUMMARY) || undefined
    if (github && !summaryFile && !inGithubActions) {
      throw new ConformanceError(
        'usage',
        'parse the arguments',
        'outside GitHub Actions the github reporter writes only its step summary, and there is no $GITHUB_STEP_SUMMARY: give it a file, --reporter github:FILE (annotations are printed only when GITHUB_ACTIONS=true)',
      )
    }
    if (!github && inGithubActions) {
      reporters.push({ name: 'github' })
    }
    const stdoutTaken = reporters.some(
      (target) => !target.file && target.name !== 'pretty' && target.name !== 'github',
    )
    const progress = stdoutTaken ? io.stderr : io.stdout
    const color = args.color ?? (Boolean(progress.isTTY) && !io.env.NO_COLOR)
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
        ...options,
        onEvent: prettyProgress((text) => progress.write(text), { color }),
        onProgress: (report) => progress.write(`  ${showControls(progressLine(report))}\n`),
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
    const written = await writeReports(result, {
      reporters,
      stdout: io.stdout,
      stderr: io.stderr,
      progress,
      stdoutTaken,
      summaryFile,
      inGithubActions,
      color,
    })
    return written ? result.exitCode : 2
  } catch (error) {
    if (error instanceof ConformanceError && error.reason === 'usage') {
      io.stderr.write(usageLine(error.detail))
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
