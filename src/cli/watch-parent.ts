/** How often `petstore-mock` checks that the process that started it is still there, in ms. */
export const PARENT_CHECK_MS = 1_000

/** What `watchParent` reads of the process, and how it waits: tests give their own. */
export interface ParentProbe {
  /** This process's parent pid now (Node's `process.ppid`, read afresh each time). */
  ppid(): number
  /** Whether a process with this pid exists (`process.kill(pid, 0)`: only ESRCH means gone). */
  exists(pid: number): boolean
  /** Calls `tick` every `ms` until the returned function is called; keeps no process alive. */
  every(ms: number, tick: () => void): () => void
}

const processProbe: ParentProbe = {
  ppid: () => process.ppid,
  exists: (pid) => {
    try {
      process.kill(pid, 0)
      return true
    } catch (error) {
      return (error as NodeJS.ErrnoException).code !== 'ESRCH'
    }
  },
  every: (ms, tick) => {
    const timer = setInterval(tick, ms).unref()
    return () => clearInterval(timer)
  },
}

/**
 * Calls `onGone` once, with the parent's pid, when the process that started
 * this one has exited: every {@link PARENT_CHECK_MS} ms it reads the parent
 * pid (an orphan is adopted by init or a subreaper, so it changes) and asks
 * whether that process still exists (where orphans keep the old number).
 * `npx petstore-mock` runs the mock under `npm exec` and a shell; a SIGTERM
 * to npm ends both and never reaches the mock, which learns it this way.
 * Returns a function that stops watching.
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
  const stop = probe.every(PARENT_CHECK_MS, () => {
    if (probe.ppid() === parent && probe.exists(parent)) return
    stop()
    onGone(parent)
  })
  return stop
}

/**
 * Whether npm (or a runner that speaks its protocol: yarn, pnpm) started
 * this process: `npx`, `npm exec`, an npm script. Only then does the mock
 * end with its parent. A mock started otherwise (`petstore-mock &` in a CI
 * step, a service manager) may outlive the shell that started it, as it
 * always could.
 *
 * @example
 * startedByNpm({ npm_lifecycle_event: 'npx' }) // true
 */
export function startedByNpm(env: Record<string, string | undefined>): boolean {
  return env.npm_lifecycle_event !== undefined
}
