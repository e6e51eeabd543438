import { randomBytes } from 'node:crypto'
import {
  closeSync,
  fsyncSync,
  linkSync,
  openSync,
  readFileSync,
  renameSync,
  unlinkSync,
  writeSync,
} from 'node:fs'
import { hostname } from 'node:os'
import { resolve } from 'node:path'
import { ConfigError } from '../../errors/config-error.ts'

/**
 * How many times a claim tries to create the lock file, taking over one left
 * by a process that is gone in between; each try is a few file operations,
 * with no wait. Only processes racing for the same file use more than two.
 */
export const MAX_CLAIM_ATTEMPTS = 5

/** What a lock file holds: which process claimed the data file, where, and since when. */
interface LockContent {
  pid: number
  host: string
  since: string
}

/**
 * A held claim on a data file.
 *
 * @example
 * const claim: DataFileClaim = claimDataFile('pets.json') // claim.lock === 'pets.json.lock'
 */
export interface DataFileClaim {
  /** The lock file, `FILE.lock`. */
  lock: string
  /** Gives the claim up (removes the lock file if it is still this one); calling it again does nothing. */
  release(): void
}

/** The lock files this process holds, by absolute path. */
const held = new Set<string>()

/**
 * Claims `file` for this process: creates `FILE.lock` holding
 * `{"pid", "host", "since"}`, written to a temporary file, fsynced and
 * hard-linked into place, so the lock appears atomically and whole. A lock
 * whose process is gone (same host, `process.kill(pid, 0)` fails with
 * ESRCH; or this process's own pid from an earlier run) is taken over: it is
 * moved aside, and put back if what was moved turns out to be a claim made
 * meanwhile. A lock of a running process, of another host, or that names no
 * process is a `ConfigError` (`ERR_PETSTORE_DATA_FILE_IN_USE`) that names it.
 * The claim ends with `release()`, or when the process exits. `action`
 * names what the claim is for in its messages (`--record` claims the file
 * it records to the same way).
 *
 * @example
 * const claim = claimDataFile('pets.json') // throws if another process has pets.json
 * try {
 *   // ... read and write pets.json
 * } finally {
 *   claim.release()
 * }
 */
export function claimDataFile(file: string, action = 'open the data file'): DataFileClaim {
  const lock = `${file}.lock`
  if (held.has(resolve(lock))) {
    throw new ConfigError(
      'ERR_PETSTORE_DATA_FILE_IN_USE',
      action,
      `${file} is already open in this process (pid ${process.pid}); close it first`,
    )
  }
  const content: LockContent = {
    pid: process.pid,
    host: hostname(),
    since: new Date().toISOString(),
  }
  const text = `${JSON.stringify(content)}\n`
  for (let attempt = 0; attempt < MAX_CLAIM_ATTEMPTS; attempt++) {
    if (createLock(lock, text, action)) return hold(lock, text)
    const seen = readLock(lock)
    if (seen === undefined) continue // released meanwhile: try again
    const holder = parseLock(seen)
    if (holder === undefined) {
      throw new ConfigError(
        'ERR_PETSTORE_DATA_FILE_IN_USE',
        action,
        `${lock} exists but names no process; delete it if no petstore-mock uses ${file}`,
      )
    }
    if (holder.host !== content.host) {
      throw new ConfigError(
        'ERR_PETSTORE_DATA_FILE_IN_USE',
        action,
        `${file} is in use by process ${holder.pid} on host ${holder.host} (see ${lock}); stop it first, or delete ${lock} if that process is gone`,
      )
    }
    if (holder.pid !== process.pid && isRunning(holder.pid)) {
      throw new ConfigError(
        'ERR_PETSTORE_DATA_FILE_IN_USE',
        action,
        `${file} is in use by process ${holder.pid} (see ${lock}); stop it first, use another data file, or delete ${lock} if that process is not a petstore-mock`,
      )
    }
    removeLockIfUnchanged(lock, seen)
  }
  throw new ConfigError(
    'ERR_PETSTORE_DATA_FILE_IN_USE',
    action,
    `${lock} kept changing while ${MAX_CLAIM_ATTEMPTS} tries to claim ${file} were made; another process is starting on it`,
  )
}

/**
 * Creates the lock whole, or returns false if one exists. Its content is
 * written first to a temporary file beside it, created exclusively (`wx`)
 * under a random name, so that no link planted there is followed.
 */
function createLock(lock: string, text: string, action: string): boolean {
  const temporary = `${lock}.${randomBytes(6).toString('hex')}.tmp`
  const failure = (error: unknown) =>
    new ConfigError(
      'ERR_PETSTORE_FILE',
      action,
      `cannot create ${lock} (${(error as NodeJS.ErrnoException).code ?? String(error)})`,
    )
  let fd: number
  try {
    fd = openSync(temporary, 'wx')
  } catch (error) {
    // Nothing was made: what is there (if anything) is not this claim's to remove.
    throw failure(error)
  }
  try {
    try {
      writeSync(fd, text)
      fsyncSync(fd)
    } finally {
      closeSync(fd)
    }
    linkSync(temporary, lock)
    return true
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false
    throw failure(error)
  } finally {
    removeQuietly(temporary)
  }
}

/**
 * Removes the lock file if it still holds `seen`, and only then: it is
 * renamed to a name of this process first (atomic), and if what was renamed
 * is a claim made after `seen` was read, it is linked back in place.
 *
 * @example
 * const seen = readFileSync('pets.json.lock', 'utf8')
 * // ... its process is gone
 * removeLockIfUnchanged('pets.json.lock', seen)
 */
export function removeLockIfUnchanged(lock: string, seen: string): void {
  const aside = `${lock}.${process.pid}.stale`
  try {
    renameSync(lock, aside)
  } catch {
    return // gone meanwhile: the next try sees what is there now
  }
  try {
    if (readLock(aside) !== seen) linkSync(aside, lock)
  } catch {
    // Another claim was made in the meantime: the next try finds it.
  } finally {
    removeQuietly(aside)
  }
}

function hold(lock: string, text: string): DataFileClaim {
  const key = resolve(lock)
  held.add(key)
  const release = () => {
    if (!held.delete(key)) return
    process.off('exit', release)
    // Only this claim's own lock: never one another process made after a takeover.
    if (readLock(lock) === text) removeQuietly(lock)
  }
  process.on('exit', release)
  return { lock, release }
}

function readLock(lock: string): string | undefined {
  try {
    return readFileSync(lock, 'utf8')
  } catch {
    return undefined
  }
}

function parseLock(text: string): LockContent | undefined {
  try {
    const value = JSON.parse(text) as Partial<LockContent>
    // Never 0 or negative: `process.kill` would mean a process group.
    if (!Number.isSafeInteger(value.pid) || (value.pid as number) <= 0) return undefined
    if (typeof value.host !== 'string') return undefined
    return value as LockContent
  } catch {
    return undefined
  }
}

/** Whether a process with this pid runs (on this host); Windows answers this too. */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code !== 'ESRCH'
  }
}

function removeQuietly(file: string): void {
  try {
    unlinkSync(file)
  } catch {
    // Already gone.
  }
}
