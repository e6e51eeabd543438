import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'

/**
 * What `petstore-mock` (the handlers entry) loads: a test file pays for every
 * module it imports, so the entry loads what the first answer needs and
 * nothing more. A fresh Node process imports the entry with a load hook that
 * records every module (`import` and `require` alike), in steps.
 */

const ROOT = join(import.meta.dirname, '..')

const CHILD = `
import { registerHooks } from 'node:module'
const loaded = []
registerHooks({ load(url, context, next) { loaded.push(url); return next(url, context) } })
const steps = {}
const take = (name) => { steps[name] = loaded.splice(0) }
const auth = { authorization: 'Bearer sk_test_free' }
const { createPetstore } = await import(${JSON.stringify(join(ROOT, 'src/index.ts'))})
take('import')
const petstore = createPetstore({ baseUrl: 'https://api.example.com' })
const first = await petstore.fetch(new Request('https://api.example.com/v1/pets?limit=20', { headers: auth }))
await first.text()
const created = await petstore.fetch(new Request('https://api.example.com/v1/pets', {
  method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: '{"name":"Rex","categoryId":1}',
}))
await created.text()
take('requests')
const page = await petstore.fetch(new Request('https://api.example.com/__mock/'))
await page.text()
take('dashboard')
await petstore.ready
const pets = petstore.db.pets.count()
take('db')
process.stdout.write(JSON.stringify({ statuses: [first.status, created.status, page.status], pets, steps }))
`

/** What no step before its own may load, as a pattern on the module's URL. */
const NEVER = {
  'fast-check': /\/node_modules\/fast-check\//,
  undici: /\/node_modules\/undici\//,
  yargs: /\/node_modules\/yargs\//,
  vitest: /\/node_modules\/vitest\//,
  // Generated data is drawn as faker draws it (src/core/data/seeded-random.ts), without faker.
  faker: /\/node_modules\/@faker-js\//,
  'the CLI': /\/src\/cli\//,
  'the server': /\/src\/adapter\/node\//,
  'the client': /\/src\/client\//,
  'the kit': /\/conformance\//,
  'the bins': /\/bin\//,
}
const DASHBOARD = /\/src\/control\/dashboard\/dashboard-(page|script)\.ts$/
const MSW_DATA = /\/node_modules\/(@msw\/data|es-toolkit)\//

interface Report {
  statuses: Array<number>
  pets: number
  steps: Record<'import' | 'requests' | 'dashboard' | 'db', Array<string>>
}

const matching = (urls: Array<string>, pattern: RegExp) => urls.filter((url) => pattern.test(url))

describe('the import graph of petstore-mock', () => {
  it('loads neither tools nor the collections nor the dashboard for the first answers; each when first used', async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--input-type=module', '--no-warnings', '-e', CHILD],
      { cwd: ROOT, timeout: 60_000 },
    )
    const report = JSON.parse(stdout) as Report
    expect(report.statuses).toEqual([200, 201, 200])
    expect(report.pets).toBe(101)
    const { steps } = report
    for (const [name, pattern] of Object.entries(NEVER)) {
      const urls = [...steps.import, ...steps.requests, ...steps.dashboard, ...steps.db]
      expect(matching(urls, pattern), name).toEqual([])
    }
    expect(matching([...steps.import, ...steps.requests], DASHBOARD)).toEqual([])
    expect(matching([...steps.import, ...steps.requests, ...steps.dashboard], MSW_DATA)).toEqual([])
    // The hook sees what loads later, lazily (dynamic import and require alike).
    expect(matching(steps.dashboard, DASHBOARD)).toHaveLength(2)
    expect(matching(steps.db, /\/node_modules\/@msw\/data\//).length).toBeGreaterThan(0)
    expect(matching(steps.import, /\/src\/adapter\/msw\/create-petstore\.ts$/)).toHaveLength(1)
  })
})
