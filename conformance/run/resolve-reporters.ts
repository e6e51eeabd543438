import { ConformanceError } from '../model/kit-message.ts'
import { KIT_REPORTERS, type ReporterName } from './kit-flags.ts'

/**
 * One reporter and where it writes (`undefined`: the console; for `github`,
 * the step summary file, default `$GITHUB_STEP_SUMMARY`).
 */
export interface ReporterTarget {
  name: ReporterName
  file?: string
}

const usage = (detail: string) => new ConformanceError('usage', 'parse the arguments', detail)

/**
 * Maps `--reporter` values and `--output` to reporter targets (see `--help`);
 * a value it cannot map throws a usage `ConformanceError`.
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
      if (!KIT_REPORTERS.includes(name as ReporterName)) {
        throw usage(`unknown reporter "${name}" (${KIT_REPORTERS.join(', ')})`)
      }
      const file = rest.join(':')
      if (rest.length > 0 && file === '') {
        throw usage(`reporter "${spec}" names no file`)
      }
      if (name === 'html' && !file) {
        throw usage('the html reporter needs a file: --reporter html:FILE')
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
      throw usage(
        candidates.length === 0
          ? '--output has no reporter to write (every reporter names its file)'
          : '--output is ambiguous with several reporters; write them as --reporter NAME:FILE',
      )
    }
    ;(candidates[0] as ReporterTarget).file = output
  }
  const console = targets.filter((target) => !target.file && target.name !== 'github')
  if (console.filter((target) => target.name !== 'pretty').length > 1) {
    throw usage('only one of json and junit can write to stdout; give the others a file')
  }
  if (console.length === 0) {
    targets.push({ name: 'pretty' })
  }
  return targets
}
