import { spawn } from 'node:child_process'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * The closing lines of a real vitest run with the repository's config, on a
 * machine without Chromium (CHROMIUM_PATH names no file): a browser test file
 * and another one.
 */

const ROOT = resolve(import.meta.dirname, '..')
const VITEST = resolve(ROOT, 'node_modules/vitest/vitest.mjs')
const RUN_MS = 90_000

describe('SummaryReporter', () => {
  it('names the browser tests it skipped without Chromium, and how to run them', {
    timeout: RUN_MS + 5_000,
  }, async () => {
    const { code, stdout } = await vitest([
      'test/cross-origin.test.ts',
      'src/cli/check-node-version.test.ts',
    ])
    expect(code, stdout).toBe(0)
    const lines = stdout.split('\n').filter((line) => line.trim() !== '')
    const [browser, last] = lines.slice(-2)
    expect(last).toMatch(/^tests: [1-9]\d* passed, 0 failed, [1-9]\d* skipped$/)
    const skipped = Number(/ (\d+) skipped$/.exec(last ?? '')?.[1])
    expect(browser).toBe(
      `[petstore-mock] Failed to run the browser tests: no Chromium at /nonexistent/chromium, so ${skipped === 1 ? '1 test was' : `${skipped} tests were`} skipped in test/cross-origin.test.ts; install chromium (or set CHROMIUM_PATH) to run them, and PETSTORE_BROWSER_TEST=required to make them required.`,
    )
  })
})

/** `vitest run FILES` in the repository, as without Chromium; resolves with its exit code and stdout. */
function vitest(files: Array<string>): Promise<{ code: number | null; stdout: string }> {
  const env: NodeJS.ProcessEnv = {}
  for (const [name, value] of Object.entries(process.env)) {
    if (!/^(VITEST|PETSTORE_BROWSER_TEST$|NODE_ENV$|FORCE_COLOR$)/.test(name)) env[name] = value
  }
  env.CHROMIUM_PATH = '/nonexistent/chromium'
  env.NO_COLOR = '1'
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [VITEST, 'run', '--project', 'unit', ...files], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout = (stdout + chunk).slice(-65_536)
    })
    child.stderr.resume()
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      fail(new Error(`vitest took longer than ${RUN_MS} ms\n${stdout}`))
    }, RUN_MS)
    child.once('error', fail)
    child.once('close', (code) => {
      clearTimeout(timer)
      done({ code, stdout })
    })
  })
}
