import { type CheckId, catalogue, matchesCheckId } from '../../src/contract/catalogue.ts'
import type { CheckDefinition } from '../../src/contract/check-definition.ts'
import { ConformanceError } from './kit-message.ts'

/** The groups a run includes only when asked (`--include`), read from the checks' definitions. */
const OPT_IN_GROUPS = [
  ...new Set(catalogue.map((check) => check.group).filter((group) => group !== 'default')),
]

/** Options that select checks from the catalogue. */
export interface SelectChecksOptions {
  only?: Array<string>
  skip?: Array<string>
  include?: Array<string>
}

/**
 * The checks a run executes: the default group plus included groups, narrowed
 * by `only` and `skip`. Throws on a pattern that matches no check.
 *
 * @example
 * selectChecks({ only: ['auth'] }).map((check) => check.id)
 */
export function selectChecks(options: SelectChecksOptions = {}): Array<CheckDefinition<CheckId>> {
  const only = options.only ?? []
  const skip = options.skip ?? []
  const include = options.include ?? []
  for (const group of include) {
    if (!(OPT_IN_GROUPS as ReadonlyArray<string>).includes(group)) {
      throw new ConformanceError(
        'usage',
        'select checks',
        `unknown group "${group}" (known: ${OPT_IN_GROUPS.join(', ')})`,
      )
    }
  }
  for (const pattern of [...only, ...skip]) {
    if (!catalogue.some((check) => matchesCheckId(check.id, pattern))) {
      throw new ConformanceError(
        'usage',
        'select checks',
        `"${pattern}" matches no check id (see --list)`,
      )
    }
  }
  return catalogue.filter((check) => {
    const explicitlyOnly = only.some((pattern) => matchesCheckId(check.id, pattern))
    if (check.group !== 'default' && !include.includes(check.group)) {
      return false
    }
    if (only.length > 0 && !explicitlyOnly) {
      return false
    }
    return !skip.some((pattern) => matchesCheckId(check.id, pattern))
  })
}
