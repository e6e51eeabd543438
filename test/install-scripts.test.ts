import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * What runs at `npm install` in a clone: the install scripts of the
 * dependencies. Each is reviewed in package.json's `allowScripts` (npm 11
 * runs an unreviewed one with a warning, and skips a denied one): `node`'s
 * preinstall, which puts the pinned Node 24 in place, is allowed;
 * `@scarf/scarf`'s postinstall, which reports the install to a server
 * (Spectral's packages pull it in), is denied, and `scarfSettings` turns it
 * off where an older npm runs it anyway.
 */
const ROOT = join(import.meta.dirname, '..')
const read = (file: string) => JSON.parse(readFileSync(join(ROOT, file), 'utf8'))

describe('the install scripts of the dependencies', () => {
  const manifest = read('package.json') as {
    allowScripts?: Record<string, boolean>
    scarfSettings?: { enabled?: boolean }
  }
  const lock = read('package-lock.json') as {
    packages: Record<string, { hasInstallScript?: boolean }>
  }
  const withScripts = Object.entries(lock.packages)
    .filter(([, entry]) => entry.hasInstallScript === true)
    .map(([path]) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length))
    .sort()

  it('are each allowed or denied in allowScripts, and nothing else is named there', () => {
    expect(withScripts).toContain('node')
    expect(Object.keys(manifest.allowScripts ?? {}).sort()).toEqual(withScripts)
  })

  it("run node's preinstall (the pinned Node 24) and never scarf's usage report", () => {
    expect(manifest.allowScripts).toMatchObject({ node: true, '@scarf/scarf': false })
    expect(manifest.scarfSettings).toEqual({ enabled: false })
  })
})
