import { afterEach, describe, expect, it, vi } from 'vitest'
import { createCoverage } from '../core/coverage/create-coverage.ts'
import { createJournal } from '../core/journal/create-journal.ts'
import { createScenarioQueue } from '../core/simulation/scenario-queue.ts'
import { ConfigError } from '../errors/config-error.ts'
import { answeredRequest } from '../test-utils/answered-request.ts'
import { coreControl } from './core-control.ts'

/** The control over a fresh journal and scenario queue, with or without coverage. */
function control(withCoverage = true) {
  const journal = createJournal({ size: 10 })
  const scenarios = createScenarioQueue()
  const parts = {
    journal,
    scenarios,
    coverage: withCoverage ? createCoverage() : undefined,
    harBase: 'http://localhost/api',
  }
  return { journal, scenarios, control: coreControl(parts) }
}

/** The code of the ConfigError `act` throws. */
function codeOf(act: () => unknown): string | undefined {
  try {
    act()
  } catch (error) {
    return error instanceof ConfigError ? error.code : `not a ConfigError: ${String(error)}`
  }
  return undefined
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('coreControl', () => {
  it('turns a bad scenario, filter or cell into a ConfigError with its code', () => {
    const { control: petstore } = control()
    expect(codeOf(() => petstore.simulate({ status: 999 } as never))).toBe(
      'ERR_PETSTORE_INVALID_SCENARIO',
    )
    expect(codeOf(() => petstore.requests({ status: 'nope' } as never))).toBe(
      'ERR_PETSTORE_INVALID_FILTER',
    )
    expect(codeOf(() => petstore.toHar({ status: 'nope' } as never))).toBe(
      'ERR_PETSTORE_INVALID_FILTER',
    )
    expect(codeOf(() => petstore.force('listPets:999:nothing'))).toBe(
      'ERR_PETSTORE_INVALID_SCENARIO',
    )
  })

  it('refuses coverage when there is no counter (the control API is off)', () => {
    expect(codeOf(() => control(false).control.coverage())).toBe('ERR_PETSTORE_INVALID_OPTION')
    expect(control(true).control.coverage().version).toBe(1)
  })

  it('queues and clears scenarios, and lists, exports and summarizes the journal', () => {
    const { control: petstore, scenarios, journal } = control()
    petstore.simulate({ status: 503 })
    expect(scenarios.list()).toHaveLength(1)
    petstore.clearSimulations()
    expect(scenarios.list()).toEqual([])
    journal.record(answeredRequest({ status: 404 }))
    expect(petstore.requests({ status: '4xx' }).map((entry) => entry.status)).toEqual([404])
    expect(petstore.toHar().log.entries[0]?.request.url).toMatch(/^http:\/\/localhost\/api\//)
    expect(petstore.violations()).toEqual(journal.violations())
  })

  it('tells a listener of each entry, logs only its first failure, and stops when unsubscribed', () => {
    const { control: petstore, journal } = control()
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const seen: Array<number> = []
    const stop = petstore.onRequest((entry) => {
      seen.push(entry.id)
      throw new Error('listener broke')
    })
    journal.record(answeredRequest())
    journal.record(answeredRequest())
    expect(seen).toEqual([1, 2])
    expect(error).toHaveBeenCalledTimes(1)
    expect(String(error.mock.calls[0]?.[0])).toMatch(
      /^\[petstore-mock\] Failed to run a request listener: .*listener broke/,
    )
    stop()
    journal.record(answeredRequest())
    expect(seen).toEqual([1, 2])
    expect(codeOf(() => petstore.onRequest(null as never))).toBe('ERR_PETSTORE_INVALID_OPTION')
  })
})
