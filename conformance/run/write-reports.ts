import { appendFile, writeFile } from 'node:fs/promises'
import { showControls } from '../../src/utils/show-controls.ts'
import { KIT_CODES, kitMessage } from '../model/kit-message.ts'
import type { ConformanceResult } from '../model/types.ts'
import { githubAnnotations, githubSummary } from '../reporters/github-reporter.ts'
import { htmlReport } from '../reporters/html-reporter.ts'
import { jsonReport } from '../reporters/json-reporter.ts'
import { junitReport } from '../reporters/junit-reporter.ts'
import { prettyReport } from '../reporters/pretty-reporter.ts'
import type { ReporterName } from './kit-flags.ts'
import type { ReporterTarget } from './resolve-reporters.ts'

/** A stream the kit writes to. */
export interface KitStream {
  write: (text: string) => unknown
  isTTY?: boolean
}

/** Where and how {@link writeReports} writes. */
export interface ReportPlan {
  reporters: Array<ReporterTarget>
  stdout: KitStream
  stderr: KitStream
  /** Where the progress (and the `Reports:` line) goes: stderr when json or junit takes stdout. */
  progress: KitStream
  /** Whether json or junit writes to stdout. */
  stdoutTaken: boolean
  /** The GitHub step summary file (`github:FILE` or `$GITHUB_STEP_SUMMARY`). */
  summaryFile: string | undefined
  /** Whether the run is in GitHub Actions (`GITHUB_ACTIONS=true`): only there are annotations printed. */
  inGithubActions: boolean
  color: boolean
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

/**
 * Writes every requested report of a finished (or stopped) run: the files,
 * the GitHub step summary, the GitHub annotations (in GitHub Actions only),
 * then the console report, whose closing line ends the output. A report that
 * cannot be written is said on stderr and the others are still written;
 * returns whether every one was.
 *
 * @example
 * const ok = await writeReports(result, plan)
 * return ok ? result.exitCode : 2
 */
export async function writeReports(result: ConformanceResult, plan: ReportPlan): Promise<boolean> {
  const written: Array<string> = []
  let ok = true
  const save = async (label: string, file: string, write: () => Promise<void>) => {
    try {
      await write()
      written.push(`${label} -> ${file}`)
    } catch (error) {
      ok = false
      plan.stderr.write(
        showControls(
          `${kitMessage(`write the ${label} report to ${file}`, (error as Error).message)} [${KIT_CODES.reportWrite}]\n`,
        ),
      )
    }
  }
  for (const target of plan.reporters) {
    if (target.name === 'github') {
      if (plan.inGithubActions) {
        const stream = plan.stdoutTaken ? plan.stderr : plan.stdout
        for (const line of githubAnnotations(result)) {
          stream.write(`${line}\n`)
        }
      }
      const summaryFile = plan.summaryFile
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
    plan.progress.write(showControls(`Reports: ${written.join(', ')}\n`))
  }
  // The console report comes last, so its closing line ends the output.
  for (const target of plan.reporters) {
    if (target.file || target.name === 'github') {
      continue
    }
    if (target.name === 'pretty' && plan.stdoutTaken) {
      plan.stderr.write(`${showControls(result.verdict)}\n`)
    } else {
      plan.stdout.write(render(target.name, result, plan.color))
    }
  }
  return ok
}
