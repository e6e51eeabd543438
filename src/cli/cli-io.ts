import type { ParentProbe } from './watch-parent.ts'

/**
 * Where the `petstore-mock` command writes and what it reads of its process:
 * tests give their own.
 *
 * @example
 * const io: CliIo = { out: console.log, err: console.error, env: process.env }
 */
export interface CliIo {
  out: (line: string) => void
  err: (line: string) => void
  env: Record<string, string | undefined>
  /**
   * The terminal's width when the output goes to one: `--help` wraps to it.
   * Absent (piped, redirected): `--help` is not wrapped, so that no example
   * breaks in the middle of a flag.
   */
  columns?: number | undefined
  /** How the parent process is watched when npm started the command (default: this process's). */
  parent?: ParentProbe | undefined
}
