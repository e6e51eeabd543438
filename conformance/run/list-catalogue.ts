import { catalogue } from '../../src/judge/catalogue.ts'

/**
 * The check catalogue as `--list` prints it: one line per check (id, level,
 * group, title, section, operations), or the catalogue as JSON.
 *
 * @example
 * process.stdout.write(listCatalogue(false)) // 'auth.no-header  required  ...'
 */
export function listCatalogue(json: boolean): string {
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
