import type { FaultGroup } from './fault-cases.ts'
import { authCases } from './fault-table/auth-cases.ts'
import { boundariesCases } from './fault-table/boundaries-cases.ts'
import { createCases } from './fault-table/create-cases.ts'
import { errorsCases } from './fault-table/errors-cases.ts'
import { headersCases } from './fault-table/headers-cases.ts'
import { inputCases } from './fault-table/input-cases.ts'
import { int64Cases } from './fault-table/int64-cases.ts'
import { mediaTypeCases } from './fault-table/media-type-cases.ts'
import { pathSpellingCases } from './fault-table/path-spelling-cases.ts'
import { rateLimitCases } from './fault-table/rate-limit-cases.ts'
import { stackCases } from './fault-table/stack-cases.ts'
import { statefulCases } from './fault-table/stateful-cases.ts'
import { valuesCases } from './fault-table/values-cases.ts'

/**
 * Every fault case of the reference server, by group: the fault tests run
 * group `name` in `conformance/faults/faults-<name>.test.ts`
 * (`faultGroups(FAULT_TABLE[name])`), and the fault-coverage test reads the
 * faults they run from here. A case declared anywhere else proves nothing to
 * the coverage test.
 *
 * @example
 * FAULT_TABLE['media-type'][0]?.cases[0]?.fault // 'json-refused-for-wildcard-accept'
 */
export const FAULT_TABLE = {
  auth: authCases,
  boundaries: boundariesCases,
  create: createCases,
  errors: errorsCases,
  headers: headersCases,
  input: inputCases,
  int64: int64Cases,
  'media-type': mediaTypeCases,
  'path-spelling': pathSpellingCases,
  'rate-limit': rateLimitCases,
  stack: stackCases,
  stateful: statefulCases,
  values: valuesCases,
} satisfies Record<string, ReadonlyArray<FaultGroup>>
