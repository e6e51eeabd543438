import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import {
  commandLineOf,
  descendantsOf,
  isRunning,
  until,
  untilAllExit,
} from '../test-utils/process-tree.ts'
import {
  type InputKind,
  PARENT_CHECK_MS,
  type ParentProbe,
  startedByNpm,
  startedInBackground,
  watchParent,
} from './watch-parent.ts'

const BIN = resolve(import.meta.dirname, '../../bin/petstore-mock.ts')
/** Bounds of each wait in the process tests; polled, so a fast machine waits far less. */
const START_MS = 30_000
const STOP_MS = 20_000

/**
 * A parent that is there until `leave()`, with the standard inputs and
 * children the test gives, and a clock that ticks when the test says.
 */
function fakeProbe(
  parentPid = 100,
  io: { own?: InputKind; parents?: InputKind; children?: Array<number> } = {},
) {
  let ppid = parentPid
  let alive = true
  const children = io.children ?? [SELF]
  const ticks: Array<() => void> = []
  const intervals: Array<number> = []
  let stopped = 0
  const probe: ParentProbe = {
    pid: () => SELF,
    ppid: () => ppid,
    exists: (pid) => pid !== parentPid || alive,
    ownInput: () => io.own ?? 'other',
    inputOf: (pid) => (pid === parentPid ? (io.parents ?? 'other') : undefined),
    childrenOf: (pid) => (pid === parentPid ? children : undefined),
    every: (ms, tick) => {
      intervals.push(ms)
      ticks.push(tick)
      return () => {
        stopped++
        ticks.splice(ticks.indexOf(tick), 1)
      }
    },
  }
  return {
    probe,
    intervals,
    stopped: () => stopped,
    tick: () => {
      for (const tick of ticks.slice()) tick()
    },
    adopt: (by: number) => {
      ppid = by
    },
    die: () => {
      alive = false
    },
    spawnSibling: (pid: number) => {
      children.push(pid)
    },
  }
}

/** The pid the fake probe gives this process. */
const SELF = 555

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

  it("does not watch a parent that started this process in the background: its input is /dev/null, the parent's is not", () => {
    const fake = fakeProbe(100, { own: 'null', parents: 'other' })
    const gone: Array<number> = []
    watchParent((pid) => gone.push(pid), fake.probe)
    fake.adopt(1)
    fake.tick()
    expect(gone).toEqual([])
    expect(fake.intervals).toEqual([])
  })

  it("does not watch when the parent's input cannot be read and its own is /dev/null (no /proc)", () => {
    expect(
      startedInBackground(100, fakeProbe(100, { own: 'null', parents: undefined }).probe),
    ).toBe(true)
    expect(
      startedInBackground(100, fakeProbe(100, { own: 'other', parents: undefined }).probe),
    ).toBe(false)
  })

  it('with /dev/null on both sides, watches a parent that runs nothing else, and says when it has gone', () => {
    const fake = fakeProbe(100, { own: 'null', parents: 'null' })
    const gone: Array<number> = []
    watchParent((pid) => gone.push(pid), fake.probe)
    fake.tick()
    fake.die()
    fake.tick()
    expect(gone).toEqual([100])
  })

  it('with /dev/null on both sides, stops watching once the parent is seen running another child', () => {
    const atStart = fakeProbe(100, { own: 'null', parents: 'null', children: [SELF, 777] })
    expect(startedInBackground(100, atStart.probe)).toBe(true)
    const later = fakeProbe(100, { own: 'null', parents: 'null' })
    const gone: Array<number> = []
    watchParent((pid) => gone.push(pid), later.probe)
    later.tick()
    later.spawnSibling(777)
    later.tick()
    expect(later.stopped()).toBe(1)
    later.die()
    later.tick()
    expect(gone).toEqual([])
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

/**
 * A project whose npm scripts start the mock as people write them: in the
 * foreground, or in the background (`&`, `nohup … &`, then waiting until it
 * answers, as `wait-on` does). Each run gets a folder of its own.
 */
function projectWith(script: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'petstore-npm-script-'))
  folders.push(folder)
  const mock = `"${process.execPath}" "${BIN}" --port 0`
  // Waits until the mock answers (so that it has started watching), then exits.
  writeFileSync(
    join(folder, 'wait-for-mock.mjs'),
    [
      "import { readFileSync } from 'node:fs'",
      'for (let i = 0; i < 600; i++) {',
      "  const url = /listening on (\\S+)/.exec(readFileSync('mock.log', 'utf8'))?.[1]",
      "  if (url && (await fetch(url + '/openapi.json').then((r) => r.ok, () => false))) process.exit(0)",
      '  await new Promise((done) => setTimeout(done, 50))',
      '}',
      'process.exit(1)',
    ].join('\n'),
  )
  writeFileSync(join(folder, 'mock.log'), '')
  const wait = `"${process.execPath}" wait-for-mock.mjs`
  const scripts: Record<string, string> = {
    background: `${mock} > mock.log 2>&1 & echo $! > mock.pid`,
    'background-then-wait': `${mock} > mock.log 2>&1 & echo $! > mock.pid; ${wait}`,
    'nohup-then-wait': `nohup ${mock} > mock.log 2>&1 & echo $! > mock.pid; ${wait}`,
    foreground: mock,
  }
  writeFileSync(
    join(folder, 'package.json'),
    JSON.stringify({ name: 'uses-the-mock', private: true, scripts: { mock: scripts[script] } }),
  )
  return folder
}

const folders: Array<string> = []
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true })
})

/** `npm run mock`, its standard input a pipe (a terminal, a CI runner) or /dev/null. */
function npmRun(
  folder: string,
  input: 'pipe' | 'ignore',
): { npm: ChildProcess; output: () => string } {
  const npm = spawn('npm', ['run', 'mock', '--silent', '--no-update-notifier'], {
    cwd: folder,
    stdio: [input, 'pipe', 'pipe'],
  })
  spawned.add(npm)
  let output = ''
  for (const stream of [npm.stdout, npm.stderr]) {
    stream?.setEncoding('utf8').on('data', (chunk: string) => {
      output = (output + chunk).slice(-16_384)
    })
  }
  return { npm, output: () => output }
}

// /proc says which process is the mock and what its parent reads; without it the mock keeps serving.
describe.runIf(existsSync('/proc/self/task'))('petstore-mock in an npm script', () => {
  it.each([
    ['background', 'pipe'],
    ['background-then-wait', 'pipe'],
    ['background-then-wait', 'ignore'],
    ['nohup-then-wait', 'ignore'],
  ] as const)(
    "keeps serving after the script's shell has moved on (%s, npm's input %s)",
    { timeout: START_MS + STOP_MS + 10_000 },
    async (script, input) => {
      const folder = projectWith(script)
      const { npm, output } = npmRun(folder, input)
      const code = await new Promise((done) => npm.once('exit', done))
      expect(code, output()).toBe(0)
      const pid = Number(readFileSync(join(folder, 'mock.pid'), 'utf8'))
      mocks.add(pid)
      const log = () => readFileSync(join(folder, 'mock.log'), 'utf8')
      const url = await until(() => /listening on (\S+)/.exec(log())?.[1], START_MS, log)
      // Two checks' worth of waiting after the shell has gone: a watching mock would be closing.
      await new Promise((done) => setTimeout(done, 2 * PARENT_CHECK_MS + 500))
      expect(isRunning(pid), log()).toBe(true)
      expect((await fetch(`${url}/openapi.json`)).status).toBe(200)
      expect(log()).not.toMatch(/has exited: closing/)
    },
  )

  it.each(['pipe', 'ignore'] as const)(
    "closes when npm, running it in the foreground, gets SIGTERM (npm's input %s)",
    { timeout: START_MS + STOP_MS + 10_000 },
    async (input) => {
      const { npm, output } = npmRun(projectWith('foreground'), input)
      const url = await until(() => /listening on (\S+)/.exec(output())?.[1], START_MS, output)
      // npm, the shell it runs the script in, and the mock under that shell.
      const started = descendantsOf(npm.pid as number)
      for (const pid of started) mocks.add(pid)
      expect(started.map(commandLineOf).join('\n')).toMatch(/^sh -c /m)
      expect((await fetch(`${url}/openapi.json`)).status).toBe(200)
      npm.kill('SIGTERM')
      await untilAllExit(started, STOP_MS, 'npm got SIGTERM', output)
      await expect(fetch(`${url}/openapi.json`)).rejects.toThrow()
    },
  )
})
