import { spawn, spawnSync } from 'node:child_process'
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { ConfigError } from '../../errors/config-error.ts'
import { claimDataFile, removeLockIfUnchanged } from './claim-data-file.ts'

const directory = mkdtempSync(join(tmpdir(), 'petstore-claim-'))
afterAll(() => rmSync(directory, { recursive: true, force: true }))
let files = 0
const newFile = () => join(directory, `data-${++files}.json`)

/** The pid of a process that has exited (and been reaped). */
const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid as number

const lockOf = (pid: number, host = hostname()) =>
  `${JSON.stringify({ pid, host, since: '2026-01-01T00:00:00.000Z' })}\n`

function refusal(run: () => unknown): ConfigError {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError)
    expect((error as ConfigError).code).toBe('ERR_PETSTORE_DATA_FILE_IN_USE')
    expect((error as Error).message).toMatch(/^\[petstore-mock\] Failed to open the data file: /)
    return error as ConfigError
  }
  throw new Error('the claim was not refused')
}

describe('claimDataFile', () => {
  it('creates FILE.lock naming this process, and release removes it', () => {
    const file = newFile()
    const claim = claimDataFile(file)
    expect(claim.lock).toBe(`${file}.lock`)
    const content = JSON.parse(readFileSync(claim.lock, 'utf8'))
    expect(content).toMatchObject({ pid: process.pid, host: hostname() })
    expect(Number.isNaN(Date.parse(content.since))).toBe(false)
    claim.release()
    expect(existsSync(claim.lock)).toBe(false)
    claim.release()
    // Free again: a new claim works.
    claimDataFile(file).release()
  })

  it("follows no link planted where its temporary file once went: the link's target stays as it was", () => {
    const file = newFile()
    const victim = join(directory, `victim-${files}.txt`)
    writeFileSync(victim, 'precious\n')
    symlinkSync(victim, `${file}.lock.${process.pid}.tmp`)
    const claim = claimDataFile(file)
    expect(readFileSync(victim, 'utf8')).toBe('precious\n')
    expect(JSON.parse(readFileSync(`${file}.lock`, 'utf8')).pid).toBe(process.pid)
    claim.release()
  })

  it('refuses a file this process holds already', () => {
    const file = newFile()
    const claim = claimDataFile(file)
    try {
      expect(refusal(() => claimDataFile(file)).message).toContain(
        `is already open in this process (pid ${process.pid})`,
      )
    } finally {
      claim.release()
    }
  })

  it('refuses a file a running process holds, naming its pid, and leaves the lock alone', () => {
    const file = newFile()
    // The parent of this process runs: it stands for another holder.
    const text = lockOf(process.ppid)
    writeFileSync(`${file}.lock`, text)
    expect(refusal(() => claimDataFile(file)).message).toBe(
      `[petstore-mock] Failed to open the data file: ${file} is in use by process ${process.ppid} (see ${file}.lock); stop it first, use another data file, or delete ${file}.lock if that process is not a petstore-mock.`,
    )
    expect(readFileSync(`${file}.lock`, 'utf8')).toBe(text)
  })

  it('takes over a lock whose process is gone, or that an earlier process with this pid left', () => {
    for (const pid of [deadPid(), process.pid]) {
      const file = newFile()
      writeFileSync(`${file}.lock`, lockOf(pid))
      const claim = claimDataFile(file)
      expect(JSON.parse(readFileSync(claim.lock, 'utf8')).pid).toBe(process.pid)
      claim.release()
      expect(existsSync(claim.lock)).toBe(false)
    }
  })

  it('refuses a lock of another host, or one that names no process, without touching it', () => {
    const file = newFile()
    for (const [text, reason] of [
      [lockOf(deadPid(), 'elsewhere.example'), 'is in use by process'],
      ['', 'exists but names no process'],
      [lockOf(0), 'exists but names no process'],
      ['{"pid": -1, "host": "x"}', 'exists but names no process'],
    ] as const) {
      writeFileSync(`${file}.lock`, text)
      expect(refusal(() => claimDataFile(file)).message).toContain(reason)
      expect(readFileSync(`${file}.lock`, 'utf8')).toBe(text)
    }
  })

  it('does not give up a lock it no longer owns', () => {
    const file = newFile()
    const claim = claimDataFile(file)
    const other = lockOf(process.ppid)
    writeFileSync(claim.lock, other)
    claim.release()
    expect(readFileSync(claim.lock, 'utf8')).toBe(other)
  })

  it('removes a stale lock only if it is still the one that was read', () => {
    const file = newFile()
    const lock = `${file}.lock`
    const stale = lockOf(deadPid())
    writeFileSync(lock, stale)
    removeLockIfUnchanged(lock, stale)
    expect(existsSync(lock)).toBe(false)
    // Another process took over between the read and the removal: its claim stays.
    const fresh = lockOf(process.ppid)
    writeFileSync(lock, fresh)
    removeLockIfUnchanged(lock, stale)
    expect(readFileSync(lock, 'utf8')).toBe(fresh)
    removeLockIfUnchanged(`${file}.missing.lock`, stale)
    expect(readdirSync(directory).filter((name) => name.includes('.stale'))).toEqual([])
  })

  it('lets exactly one of several processes racing for a stale lock have it', async () => {
    const file = newFile()
    writeFileSync(`${file}.lock`, lockOf(deadPid()))
    const module = new URL('./claim-data-file.ts', import.meta.url).href
    // Each claims at once, reports, and holds its claim until its stdin ends.
    const script = `
      const { claimDataFile } = await import(${JSON.stringify(module)})
      try {
        claimDataFile(${JSON.stringify(file)})
        console.log('claimed')
        process.stdin.resume()
      } catch (error) {
        console.log(error.code)
      }`
    const racers = Array.from({ length: 4 }, () => {
      const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
        stdio: ['pipe', 'pipe', 'inherit'],
      })
      let output = ''
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        output += chunk
      })
      // The first line it prints (or all it printed, if it exits first).
      const reported = new Promise<string>((resolve) => {
        child.stdout.on('data', () => {
          if (output.includes('\n')) resolve(output.trim())
        })
        child.once('exit', () => resolve(output.trim()))
      })
      return { child, reported }
    })
    try {
      const results = await Promise.all(racers.map((racer) => racer.reported))
      expect(results.filter((result) => result === 'claimed')).toHaveLength(1)
      expect(results.filter((result) => result === 'ERR_PETSTORE_DATA_FILE_IN_USE')).toHaveLength(3)
      const winner = racers[results.indexOf('claimed')]
      expect(JSON.parse(readFileSync(`${file}.lock`, 'utf8')).pid).toBe(winner?.child.pid)
    } finally {
      for (const { child } of racers) child.stdin.end()
      await Promise.all(
        racers.map(({ child }) =>
          child.exitCode === null ? new Promise((resolve) => child.once('exit', resolve)) : null,
        ),
      )
    }
    // Each gave its claim up on exit.
    expect(existsSync(`${file}.lock`)).toBe(false)
  })
})
