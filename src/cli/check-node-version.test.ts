import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { checkNodeVersion, MIN_NODE_VERSION } from './check-node-version.ts'

describe('checkNodeVersion', () => {
  it.each(['22.19.0', '22.20.1', '23.0.0', '24.21.0', '26.1.0'])('accepts %s', (version) => {
    expect(checkNodeVersion({ version })).toBeUndefined()
  })

  it.each(['20.20.2', '22.18.9', '18.0.0'])('refuses %s in one clear line', (version) => {
    expect(checkNodeVersion({ version })).toBe(
      `[petstore-mock] Failed to start: Node.js 22.19.0 or newer is needed, this is ${version}.`,
    )
  })

  it('speaks for the bin that asks', () => {
    expect(checkNodeVersion({ version: '20.20.2', prefix: '[petstore-conformance]' })).toBe(
      '[petstore-conformance] Failed to start: Node.js 22.19.0 or newer is needed, this is 20.20.2.',
    )
  })

  it('agrees with engines in package.json', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'))
    expect(pkg.engines.node).toBe(`>=${MIN_NODE_VERSION.replace(/\.0$/, '')}`)
  })
})
