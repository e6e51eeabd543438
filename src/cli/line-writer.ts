import type { Writable } from 'node:stream'

/**
 * Writes lines to one of the process's output streams. Once its reader has
 * gone (`petstore-mock | head -1`: the pipe is closed, writes fail with
 * EPIPE), later lines are dropped and the server keeps serving; any other
 * write error is still thrown.
 *
 * @example
 * const out = lineWriter(process.stdout)
 * out('listening on http://127.0.0.1:4010')
 */
export function lineWriter(stream: Writable): (line: string) => void {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error
  })
  return (line) => {
    if (stream.writable) stream.write(`${line}\n`)
  }
}
