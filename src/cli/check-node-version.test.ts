import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { checkNodeVersion, MIN_NODE_VERSION, RECOMMENDED_NODE_MAJOR } from './check-node-version.ts'

const WHAT_TO_DO = (bin: string) =>
  `(install Node 24 with a version manager: nvm install 24, fnm install 24 or volta install node@24; or into this project: npm install --save-dev node@24, after which npx ${bin} runs on it).`

describe('checkNodeVersion', () => {
  it.each(['22.19.0', '22.20.1', '23.0.0', '24.21.0', '26.1.0'])('accepts %s', (version) => {
    expect(checkNodeVersion({ version })).toBeUndefined()
  })

  it.each(['20.20.2', '22.18.9', '18.0.0'])('refuses %s in one clear line', (version) => {
    expect(checkNodeVersion({ version })).toBe(
      `[petstore-mock] Failed to start: Node.js 22.19.0 or newer is needed, this is ${version} ${WHAT_TO_DO('petstore-mock')}`,
    )
  })

  it('speaks for the bin that asks', () => {
    expect(checkNodeVersion({ version: '20.20.2', prefix: '[petstore-conformance]' })).toBe(
      `[petstore-conformance] Failed to start: Node.js 22.19.0 or newer is needed, this is 20.20.2 ${WHAT_TO_DO('petstore-conformance')}`,
    )
  })

  it('agrees with engines in package.json', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'))
    expect(pkg.engines.node).toBe(`>=${MIN_NODE_VERSION.replace(/\.0$/, '')}`)
  })

  it('recommends the Node the repository runs on', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'))
    expect(pkg.devDependencies.node).toMatch(new RegExp(`^\\^${RECOMMENDED_NODE_MAJOR}\\.`))
  })
})
