import { type ChildProcess, execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'

const CLOCK_TICKS_PER_SECOND = readClockTicks()

/**
 * Resident and peak resident memory of a process, from /proc (Linux); `null`
 * elsewhere.
 *
 * @example
 * readMemory(child.pid)?.rssMb
 */
export function readMemory(pid: number | undefined): { rssMb: number; peakRssMb: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    const kb = (field: string) =>
      Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1])
    return { rssMb: kb('VmRSS') / 1024, peakRssMb: kb('VmHWM') / 1024 }
  } catch {
    return null
  }
}

/**
 * User + system CPU time of a process so far, in ms, from /proc (Linux); NaN
 * elsewhere.
 *
 * @example
 * const before = readCpuMs(child.pid)
 */
export function readCpuMs(pid: number | undefined): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // After the command name (which ends at the last ')'), utime and stime are the 12th and 13th fields.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    const ticks = Number(fields[11]) + Number(fields[12])
    return (ticks * 1000) / CLOCK_TICKS_PER_SECOND
  } catch {
    return Number.NaN
  }
}

/**
 * User + system CPU time, in ms, of this process's children that have ended
 * and been waited for, theirs included (a `vitest run` and its workers), from
 * /proc (Linux); NaN elsewhere. Steadier than wall time on a busy machine.
 *
 * @example
 * const before = readEndedChildrenCpuMs()
 */
export function readEndedChildrenCpuMs(): number {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8')
    // cutime and cstime are the 14th and 15th fields after the command name.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    const ticks = Number(fields[13]) + Number(fields[14])
    return (ticks * 1000) / CLOCK_TICKS_PER_SECOND
  } catch {
    return Number.NaN
  }
}

/**
 * The value at `fraction` (0.5: the median) of sorted samples; NaN when none.
 *
 * @example
 * percentile(Float64Array.from(samples).sort(), 0.99)
 */
export function percentile(sorted: ArrayLike<number>, fraction: number): number {
  if (sorted.length === 0) return Number.NaN
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? Number.NaN
}

function readClockTicks(): number {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100
  } catch {
    return 100
  }
}

/**
 * The child processes a benchmark started: `track` each one as it is
 * spawned, `killAll` in a `finally`. SIGINT and SIGTERM kill them too, so an
 * interrupted run leaves no server behind.
 *
 * @example
 * const children = trackChildren()
 * const child = children.track(spawn(process.execPath, args))
 * try { await run() } finally { children.killAll() }
 */
export function trackChildren(): {
  track(child: ChildProcess): ChildProcess
  killAll(): void
} {
  const children = new Set<ChildProcess>()
  const killAll = () => {
    for (const child of children) child.kill('SIGKILL')
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      killAll()
      process.exit(130)
    })
  }
  return {
    track(child) {
      children.add(child)
      child.once('exit', () => children.delete(child))
      return child
    },
    killAll,
  }
}
