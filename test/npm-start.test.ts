import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import {
  commandLineOf,
  descendantsOf,
  isRunning,
  until,
  untilAllExit,
} from '../src/test-utils/process-tree.ts'

/**
 * `npm start` as a person runs it, then stopped the way a process manager or
 * an IDE stops it: SIGTERM to npm's own pid. npm forwards the signal to the
 * script's process, which must be the mock itself (the script execs it), not
 * a shell that dies and leaves the mock running.
 */

const ROOT = resolve(import.meta.dirname, '..')
/** Bounds of each wait; polled, so a fast machine waits far less. */
const START_MS = 30_000
const STOP_MS = 20_000

const spawned = new Set<ChildProcess>()
const mockPids = new Set<number>()

afterEach(() => {
  for (const child of spawned) child.kill('SIGKILL')
  spawned.clear()
  for (const pid of mockPids) {
    if (isRunning(pid)) process.kill(pid, 'SIGKILL')
  }
  mockPids.clear()
})

// /proc names a process's children; where there is none, the test cannot find the mock's pid.
describe.runIf(existsSync('/proc/self/task'))('npm start', () => {
  it('stops the mock when npm gets SIGTERM', { timeout: START_MS + 2 * STOP_MS }, async () => {
    const npm = spawn('npm', ['start', '--silent', '--', '--port', '0', '--quiet'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    spawned.add(npm)
    let output = ''
    npm.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      output = (output + chunk).slice(-16_384)
    })
    npm.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      output = (output + chunk).slice(-16_384)
    })
    const npmExited = new Promise<void>((done) => npm.once('exit', () => done()))
    const url = await until(
      () => /listening on (http:\/\/\S+)/.exec(output)?.[1],
      START_MS,
      () => `the mock's banner\n${output}`,
    )
    const pid = npm.pid as number
    // What npm started: with `exec`, the mock itself; without, a shell and the mock below it.
    const started = descendantsOf(pid)
    for (const child of started) mockPids.add(child)
    expect(started.map(commandLineOf).join('\n')).toMatch(/bin\/petstore-mock\.ts/)
    expect((await fetch(`${url}/openapi.json`)).status).toBe(200)

    process.kill(pid, 'SIGTERM')
    await untilAllExit(started, STOP_MS, 'npm got SIGTERM', () => output)
    await npmExited
    await expect(fetch(`${url}/openapi.json`)).rejects.toThrow()
  })
})
