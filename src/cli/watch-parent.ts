import { existsSync, fstatSync, readFileSync, type Stats, statSync } from 'node:fs'

/** How often `petstore-mock` checks that the process that started it is still there, in ms. */
export const PARENT_CHECK_MS = 1_000

/** What a standard input is: `/dev/null`, something else, or unknown (the system does not say). */
export type InputKind = 'null' | 'other' | undefined

/** What `watchParent` reads of the process, and how it waits: tests give their own. */
export interface ParentProbe {
  /** This process's pid. */
  pid(): number
  /** This process's parent pid now (Node's `process.ppid`, read afresh each time). */
  ppid(): number
  /** Whether a process with this pid exists (`process.kill(pid, 0)`: only ESRCH means gone). */
  exists(pid: number): boolean
  /** What this process's standard input is. */
  ownInput(): InputKind
  /** What the standard input of process `pid` is (`/proc/PID/fd/0`; unknown without `/proc`). */
  inputOf(pid: number): InputKind
  /** The children of process `pid` (`/proc/PID/task/PID/children`), or undefined where unknown. */
  childrenOf(pid: number): Array<number> | undefined
  /** Calls `tick` every `ms` until the returned function is called; keeps no process alive. */
  every(ms: number, tick: () => void): () => void
}

let nullDevice: number | undefined | null
/** Whether `stats` is the null device (`/dev/null`); never on a system without one. */
function isNullDevice(stats: Stats): boolean {
  if (nullDevice === undefined) {
    try {
      nullDevice = statSync('/dev/null').rdev
    } catch {
      nullDevice = null
    }
  }
  return nullDevice !== null && stats.isCharacterDevice() && stats.rdev === nullDevice
}

const processProbe: ParentProbe = {
  pid: () => process.pid,
  ppid: () => process.ppid,
  exists: (pid) => {
    try {
      process.kill(pid, 0)
      return true
    } catch (error) {
      return (error as NodeJS.ErrnoException).code !== 'ESRCH'
    }
  },
  ownInput: () => {
    try {
      return isNullDevice(fstatSync(0)) ? 'null' : 'other'
    } catch {
      return 'other' // no standard input at all
    }
  },
  inputOf: (pid) => {
    try {
      return isNullDevice(statSync(`/proc/${pid}/fd/0`)) ? 'null' : 'other'
    } catch (error) {
      // Its descriptors are listed but 0 is not: it has no standard input.
      const listed =
        (error as NodeJS.ErrnoException).code === 'ENOENT' && existsSync(`/proc/${pid}/fd`)
      return listed ? 'other' : undefined
    }
  },
  childrenOf: (pid) => {
    try {
      const listed = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      return listed.split(' ').filter(Boolean).map(Number)
    } catch {
      return undefined
    }
  },
  every: (ms, tick) => {
    const timer = setInterval(tick, ms).unref()
    return () => clearInterval(timer)
  },
}

/**
 * Whether this process was started in the background of its parent (`cmd &`,
 * `nohup cmd &` in a script): the parent goes on without waiting for it, so
 * its end means nothing. A shell gives a command it runs in the background
 * `/dev/null` for its standard input (POSIX, "Asynchronous Lists"; the
 * shell's other mark, SIGINT ignored, Node resets at start), and runs nothing
 * else while it waits for a command in the foreground. So: an input other
 * than `/dev/null` is the foreground; `/dev/null` where the parent's is not,
 * the background; `/dev/null` as the parent's, the background once the parent
 * is seen with another child. Where the parent's input cannot be read (no
 * `/proc`: macOS, Windows), `/dev/null` counts as the background.
 *
 * @example
 * startedInBackground(process.ppid) // true under `"mock": "petstore-mock > log 2>&1 &"`
 */
export function startedInBackground(parent: number, probe: ParentProbe = processProbe): boolean {
  if (probe.ownInput() !== 'null') return false
  const theirs = probe.inputOf(parent)
  if (theirs !== 'null') return true
  return hasOtherChild(parent, probe)
}

function hasOtherChild(parent: number, probe: ParentProbe): boolean {
  return (probe.childrenOf(parent) ?? []).some((child) => child !== probe.pid())
}

/**
 * Calls `onGone` once, with the parent's pid, when the process that started
 * this one and waits for it has exited: every {@link PARENT_CHECK_MS} ms it
 * reads the parent pid (an orphan is adopted by init or a subreaper, so it
 * changes) and asks whether that process still exists (where orphans keep
 * the old number). `npx petstore-mock` runs the mock under `npm exec` and a
 * shell; a SIGTERM to npm ends both and never reaches the mock, which learns
 * it this way. A process started in the background of its parent
 * (`startedInBackground`, judged at start and at each check) is not watched:
 * its shell moving on is no reason to stop. Returns a function that stops
 * watching.
 *
 * @example
 * const stop = watchParent((pid) => console.log(`parent ${pid} has gone`))
 * stop()
 */
export function watchParent(
  onGone: (parentPid: number) => void,
  probe: ParentProbe = processProbe,
): () => void {
  const parent = probe.ppid()
  if (startedInBackground(parent, probe)) return () => {}
  const watchSiblings = probe.ownInput() === 'null'
  const stop = probe.every(PARENT_CHECK_MS, () => {
    if (probe.ppid() === parent && probe.exists(parent)) {
      // A parent seen running something else while this runs was not waiting for it.
      if (watchSiblings && hasOtherChild(parent, probe)) stop()
      return
    }
    stop()
    onGone(parent)
  })
  return stop
}

/**
 * Whether npm (or a runner that speaks its protocol: yarn, pnpm) started
 * this process, or one of its ancestors (the variable is inherited): `npx`,
 * `npm exec`, an npm script. Only then is the parent watched, and only when
 * it waits for this process (`watchParent`). A mock started otherwise
 * (`petstore-mock &` in a CI step, a service manager) may outlive the shell
 * that started it, as it always could.
 *
 * @example
 * startedByNpm({ npm_lifecycle_event: 'npx' }) // true
 */
export function startedByNpm(env: Record<string, string | undefined>): boolean {
  return env.npm_lifecycle_event !== undefined
}
