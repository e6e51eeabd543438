/**
 * What each entry of the package (package.json "exports") gives at run time,
 * name by name. A name added, dropped or renamed fails here until the list
 * below says so too, and the CHANGELOG tells users what moved.
 */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = resolve(import.meta.dirname, '..')

/** Each entry's runtime names, sorted as `Object.keys(…).sort()` sorts them. */
const PINNED: Record<string, Array<string>> = {
  '.': [
    'ApiError',
    'Category',
    'ConfigError',
    'DEFAULT_KEYS',
    'ERROR_CODES',
    'ErrorBody',
    'NewPet',
    'Order',
    'OrderStatus',
    'Orders',
    'PETSTORE_ERROR_CODES',
    'PLANS',
    'Pet',
    'PetStatus',
    'Pets',
    'PetstoreError',
    'createFakeClock',
    'createPetstore',
    'failOnUnhandled',
  ],
  './server': ['createServer', 'startServer', 'writeCoverage'],
  './client': [
    'CLIENT_MAX_WAIT_MS',
    'CLIENT_POLL_MS',
    'CLIENT_WAIT_MS',
    'ControlApiError',
    'PetstoreError',
    'connectPetstore',
  ],
  './conformance': [
    'ConformanceSetupError',
    'catalogue',
    'githubAnnotations',
    'githubSummary',
    'htmlReport',
    'jsonReport',
    'junitReport',
    'prettyReport',
    'progressLine',
    'runConformance',
  ],
  './conformance/vitest': ['defineConformanceSuite'],
}

interface Manifest {
  exports: Record<string, string | { types?: string; default: string }>
}

/** The source module of each entry that package.json exports (`./dist/src/index.js` → `src/index.ts`). */
function entrySources(): Record<string, string> {
  const manifest = JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')) as Manifest
  const sources: Record<string, string> = {}
  for (const [entry, target] of Object.entries(manifest.exports)) {
    const file = typeof target === 'string' ? target : target.default
    if (!file.startsWith('./dist/') || !file.endsWith('.js')) continue
    sources[entry] = resolve(ROOT, `${file.slice('./dist/'.length, -'.js'.length)}.ts`)
  }
  return sources
}

describe('the package entries', () => {
  const sources = entrySources()

  it('are each pinned here, and nothing else is', () => {
    expect(Object.keys(sources).sort()).toEqual(Object.keys(PINNED).sort())
  })

  it.each(Object.keys(PINNED))('%s gives exactly the pinned names', async (entry) => {
    const source = sources[entry]
    expect(source, `${entry} is exported by package.json`).toBeDefined()
    const module = (await import(source as string)) as Record<string, unknown>
    expect(Object.keys(module).sort()).toEqual(PINNED[entry])
  })

  it('give no name twice under different entries, but for the shared error class', () => {
    const owners = new Map<string, Array<string>>()
    for (const [entry, names] of Object.entries(PINNED)) {
      for (const name of names) owners.set(name, [...(owners.get(name) ?? []), entry])
    }
    const shared = [...owners].filter(([, entries]) => entries.length > 1)
    expect(shared).toEqual([['PetstoreError', ['.', './client']]])
  })
})
