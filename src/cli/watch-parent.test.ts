import { type ChildProcess, spawn } from 'node:child_process'
import { resolve } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { isRunning, until } from '../test-utils/process-tree.ts'
import { PARENT_CHECK_MS, type ParentProbe, startedByNpm, watchParent } from './watch-parent.ts'

const BIN = resolve(import.meta.dirname, '../../bin/petstore-mock.ts')
/** Bounds of each wait in the process tests; polled, so a fast machine waits far less. */
const START_MS = 30_000
const STOP_MS = 20_000

/** A parent that is there until `leave()`, and a clock that ticks when the test says. */
function fakeProbe(parentPid = 100) {
  let ppid = parentPid
  let alive = true
  const ticks: Array<() => void> = []
  const intervals: Array<number> = []
  let stopped = 0
  const probe: ParentProbe = {
    ppid: () => ppid,
    exists: (pid) => pid !== parentPid || alive,
    every: (ms, tick) => {
      intervals.push(ms)
      ticks.push(tick)
      return () => {
        stopped++
      }
    },
  }
  return {
    probe,
    intervals,
    stopped: () => stopped,
    tick: () => {
      for (const tick of ticks) tick()
    },
    adopt: (by: number) => {
      ppid = by
    },
    die: () => {
      alive = false
    },
  }
}

describe('watchParent', () => {
  it('says once that the parent has gone when the process is adopted, checking every PARENT_CHECK_MS', () => {
    const fake = fakeProbe(100)
    const gone: Array<number> = []
    watchParent((pid) => gone.push(pid), fake.probe)
    expect(fake.intervals).toEqual([PARENT_CHECK_MS])
    fake.tick()
    fake.tick()
    expect(gone).toEqual([])
    fake.adopt(1)
    fake.tick()
    expect(gone).toEqual([100])
    expect(fake.stopped()).toBe(1)
  })

  it('says so when the parent no longer exists although the parent pid stays (no reparenting)', () => {
    const fake = fakeProbe(4242)
    const gone: Array<number> = []
    watchParent((pid) => gone.push(pid), fake.probe)
    fake.tick()
    fake.die()
    fake.tick()
    expect(gone).toEqual([4242])
  })

  it('stops watching when asked', () => {
    const fake = fakeProbe()
    const stop = watchParent(() => {}, fake.probe)
    stop()
    expect(fake.stopped()).toBe(1)
  })

  it('is on when npm, yarn or pnpm started the process', () => {
    expect(startedByNpm({ npm_lifecycle_event: 'npx' })).toBe(true)
    expect(startedByNpm({ npm_lifecycle_event: 'start' })).toBe(true)
    expect(startedByNpm({})).toBe(false)
  })
})

const spawned = new Set<ChildProcess>()
const mocks = new Set<number>()
afterEach(() => {
  for (const child of spawned) child.kill('SIGKILL')
  spawned.clear()
  for (const pid of mocks) if (isRunning(pid)) process.kill(pid, 'SIGKILL')
  mocks.clear()
})

/**
 * A parent process that starts the mock as npm would (`npm_lifecycle_event`
 * set, or not), prints its pid and passes its banner on; then the test kills
 * the parent as `kill -9` does, so that no signal reaches the mock.
 */
async function mockUnderParent(
  env: Record<string, string>,
): Promise<{ pid: number; url: string; parent: ChildProcess }> {
  const parentScript = [
    "import { spawn } from 'node:child_process'",
    `const child = spawn(process.execPath, [${JSON.stringify(BIN)}, '--port', '0', '--quiet'], { stdio: ['ignore', 'pipe', 'inherit'] })`,
    "process.stdout.write('pid ' + child.pid + '\\n')",
    "child.stdout.on('data', (chunk) => process.stdout.write(chunk))",
  ].join('\n')
  const childEnv = { ...process.env }
  delete childEnv.npm_lifecycle_event
  const parent = spawn(process.execPath, ['--input-type=module', '-e', parentScript], {
    env: { ...childEnv, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  spawned.add(parent)
  let output = ''
  parent.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk
  })
  const pid = Number(await until(() => /^pid (\d+)$/m.exec(output)?.[1], START_MS, 'the pid'))
  mocks.add(pid)
  const url = await until(() => /listening on (http:\/\/\S+)/.exec(output)?.[1], START_MS, output)
  return { pid, url, parent }
}

describe('petstore-mock under a parent that is killed', () => {
  it('closes when npm started it (npx, npm run) and its parent is gone', {
    timeout: START_MS + STOP_MS + 5_000,
  }, async () => {
    const { pid, url, parent } = await mockUnderParent({ npm_lifecycle_event: 'npx' })
    expect((await fetch(`${url}/openapi.json`)).status).toBe(200)
    parent.kill('SIGKILL')
    await until(() => (isRunning(pid) ? undefined : true), STOP_MS, `the mock (pid ${pid}) to exit`)
    await expect(fetch(`${url}/openapi.json`)).rejects.toThrow()
  })

  it('keeps serving when something else started it (a shell, a service manager)', {
    timeout: START_MS + STOP_MS + 5_000,
  }, async () => {
    const { pid, url, parent } = await mockUnderParent({})
    parent.kill('SIGKILL')
    // Two checks' worth of waiting: a mock that watched its parent would be gone by then.
    await new Promise((done) => setTimeout(done, 2 * PARENT_CHECK_MS + 500))
    expect(isRunning(pid)).toBe(true)
    expect((await fetch(`${url}/openapi.json`)).status).toBe(200)
  })
})
