import type { FaultGroup } from '../fault-cases.ts'

/**
 * The fault cases of `FAULT_TABLE.create`, run by `conformance/faults/faults-create.test.ts`.
 *
 * @example
 * faultGroups(createCases)
 */
export const createCases: Array<FaultGroup> = [
  {
    title: 'create echoes exactly what was sent, also when creates come at once',
    cases: [
      { fault: 'truncate-names-to-64' },
      {
        fault: 'echo-default-status-ignoring-sent',
        // The generated cases send a status too; whether one is drawn depends on the seed.
        mayFail: ['create.generated-valid', 'create.generated-exact'],
      },
      {
        fault: 'overlapping-creates-lose-writes',
        mayFail: ['list.complete'],
      },
      {
        fault: 'create-upserts-by-name',
        // The overwritten pet keeps its place under its first status: a filtered list shows it.
        mayFail: ['create.unique-ids', 'create.then-get', 'list.complete', 'list.status-filter'],
      },
      {
        fault: 'save-merges-sent-id',
        // The merged pet keeps its place under its first status: a filtered list shows it.
        mayFail: ['list.status-filter'],
      },
      {
        fault: 'concurrent-creates-share-an-id',
        // Two pets under one id: a filtered list shows one with the other's status.
        mayFail: ['create.unique-ids', 'list.status-filter'],
      },
    ],
  },
]
