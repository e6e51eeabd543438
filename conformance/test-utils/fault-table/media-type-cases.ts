import type { FaultGroup } from '../fault-cases.ts'

/**
 * The fault cases of `FAULT_TABLE['media-type']`, run by `conformance/faults/faults-media-type.test.ts`.
 *
 * @example
 * faultGroups(mediaTypeCases)
 */
export const mediaTypeCases: Array<FaultGroup> = [
  {
    title: 'JSON in one well-formed media type, for every Accept',
    cases: [{ fault: 'json-refused-for-wildcard-accept' }, { fault: 'content-type-sent-twice' }],
  },
]
