import { readFileSync } from 'node:fs'

/** How often `until` asks again, in ms. */
const POLL_MS = 50

/**
 * A process's descendants, children first, read from `/proc` (none once it is gone).
 *
 * @example
 * const started = descendantsOf(npx.pid) // npm, sh, node...
 */
export function descendantsOf(pid: number): Array<number> {
  let listed: string
  try {
    listed = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
  } catch {
    return []
  }
  const children = listed.split(/\s+/).filter(Boolean).map(Number)
  return children.flatMap((child) => [child, ...descendantsOf(child)])
}

/**
 * A process's command line, from `/proc` (`''` once it is gone).
 *
 * @example
 * commandLineOf(process.pid) // 'node …'
 */
export function commandLineOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ')
  } catch {
    return ''
  }
}

/**
 * Whether a process runs (a zombie that its parent has not reaped yet counts as gone).
 *
 * @example
 * isRunning(process.pid) // true
 */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
  } catch {
    return false
  }
  try {
    return !/^\d+ \(.*\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'))
  } catch {
    return false
  }
}

/**
 * Polls `probe` every 50 ms until it gives a value; rejects, naming what it
 * waited for, after `timeoutMs`: every wait of the process tests is bounded.
 *
 * @example
 * const url = await until(() => /listening on (\S+)/.exec(output)?.[1], 10_000, () => output)
 */
export async function until<T>(
  probe: () => T | undefined,
  timeoutMs: number,
  what: string | (() => string),
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = probe()
    if (value !== undefined) return value
    if (Date.now() > deadline) {
      throw new Error(`waited ${timeoutMs} ms for ${typeof what === 'string' ? what : what()}`)
    }
    await new Promise((done) => setTimeout(done, POLL_MS))
  }
}

/**
 * Waits, bounded by `timeoutMs`, until every process of `pids` has exited;
 * the error names those still running, with `context` after them.
 *
 * @example
 * await untilAllExit(descendantsOf(npm.pid), 10_000, 'npm got SIGTERM', () => output)
 */
export async function untilAllExit(
  pids: ReadonlyArray<number>,
  timeoutMs: number,
  after: string,
  context: () => string,
): Promise<void> {
  await until(
    () => (pids.some(isRunning) ? undefined : true),
    timeoutMs,
    () =>
      `every process to exit after ${after}; still running: ${pids
        .filter(isRunning)
        .map((pid) => `${pid} ${commandLineOf(pid)}`)
        .join(', ')}\n${context()}`,
  )
}
