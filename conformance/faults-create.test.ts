import { describe } from 'vitest'
import { faultCases } from './test-utils/fault-cases.ts'

describe('create echoes exactly what was sent, also when creates come at once', () => {
  faultCases([
    { fault: 'truncate-names-to-64', fails: ['create.echo-exact'] },
    {
      fault: 'echo-default-status-ignoring-sent',
      fails: ['create.valid', 'create.concurrent'],
      // The generated cases send a status too; whether one is drawn depends on the seed.
      mayFail: ['create.generated-valid', 'create.generated-exact'],
    },
    {
      fault: 'overlapping-creates-lose-writes',
      fails: ['create.concurrent'],
      mayFail: ['list.complete'],
    },
    {
      fault: 'create-upserts-by-name',
      fails: ['stateful.model'],
      mayFail: ['create.unique-ids', 'create.then-get', 'list.complete'],
    },
    {
      fault: 'concurrent-creates-share-an-id',
      fails: ['create.concurrent'],
      mayFail: ['create.unique-ids'],
    },
  ])
})
