import type { FaultGroup } from '../fault-cases.ts'

/**
 * The fault cases of `FAULT_TABLE['path-spelling']`, run by
 * `conformance/faults/faults-path-spelling.test.ts`: an auth layer and a
 * router that read a path two ways, so that a spelling the router takes for
 * an operation reaches it without the key.
 *
 * @example
 * faultGroups(pathSpellingCases)
 */
export const pathSpellingCases: Array<FaultGroup> = [
  {
    title: 'a spelling of a path reaches an operation without the key',
    cases: [
      { fault: 'auth-exact-path-router-ignores-trailing-slash' },
      { fault: 'auth-before-slashes-merged' },
      { fault: 'auth-before-dot-segments-removed' },
      { fault: 'auth-on-raw-path-router-decodes' },
      { fault: 'auth-case-sensitive-router-case-insensitive' },
    ],
  },
]
