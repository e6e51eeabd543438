import type { FaultGroup } from '../fault-cases.ts'

/**
 * The fault cases of `FAULT_TABLE.errors`, run by `conformance/faults/faults-errors.test.ts`.
 *
 * @example
 * faultGroups(errorsCases)
 */
export const errorsCases: Array<FaultGroup> = [
  {
    title: 'every error of any status has a complete Error body labelled JSON',
    cases: [
      { fault: 'error-status-as-string-on-404' },
      { fault: 'plain-text-405' },
      {
        fault: 'error-message-empty',
        // Checks that want a refusal "with an Error body" read the same body.
        mayFail: ['orders.auth', 'create.generated-exact'],
      },
      {
        fault: 'plain-text-429',
        options: { rateLimit: { limit: 150, windowS: 2 } },
        run: { include: ['rate-limit'] },
        mayFail: ['response.json'],
      },
    ],
  },
]
