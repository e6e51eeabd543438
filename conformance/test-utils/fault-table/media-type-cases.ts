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
    cases: [
      {
        fault: 'json-refused-for-wildcard-accept',
        // A 406 is well formed: only what the probe's Accept allowed makes it wrong.
        kitOnly: ['response.media-type'],
      },
      { fault: 'content-type-sent-twice' },
    ],
  },
]
