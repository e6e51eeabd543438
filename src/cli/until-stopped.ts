import type { RunningServer } from '../adapter/node/start-server.ts'
import type { CliIo } from './cli-io.ts'
import { startedByNpm, watchParent } from './watch-parent.ts'

/**
 * Resolves with the exit code once the server is closed: on SIGINT or
 * SIGTERM it closes gracefully (0, saying so and for how long), and a second
 * signal stops it at once (1); when npm started it (`npx`, `npm run`), it
 * also closes once the process that started it has exited (a SIGTERM to npm
 * stops npm and its shell, not the mock).
 *
 * @example
 * process.exitCode = await untilStopped(running, { say: io.out, shutdownSeconds: 10, io })
 */
export function untilStopped(
  running: Pick<RunningServer, 'server' | 'close'>,
  options: {
    say: (line: string) => void
    /** `--shutdown-timeout`: how long requests are given to finish. */
    shutdownSeconds: number
    io: Pick<CliIo, 'env' | 'parent'>
  },
): Promise<number> {
  const { say, shutdownSeconds, io } = options
  return new Promise<number>((resolveCode) => {
    let stopping = false
    // However it ends, the signal listeners go with it: a later run in the
    // same process is not told of this one's signals.
    const resolve = (code: number) => {
      process.off('SIGINT', onInt)
      process.off('SIGTERM', onTerm)
      resolveCode(code)
    }
    const stop = (signal: string) => {
      if (stopping) {
        // A second signal: no more waiting.
        say(`${signal} again: stopping petstore-mock now`)
        running.server.closeAllConnections()
        resolve(1)
        return
      }
      stopping = true
      say(
        `${signal}: closing petstore-mock (finishing requests for up to ${shutdownSeconds} s; send ${signal} again to stop now)`,
      )
      running.close().then(
        () => resolve(0),
        () => resolve(0),
      )
    }
    const onInt = () => stop('SIGINT')
    const onTerm = () => stop('SIGTERM')
    process.on('SIGINT', onInt)
    process.on('SIGTERM', onTerm)
    // Under npx or npm run, a SIGTERM to npm stops npm and its shell, not
    // the mock: it closes as on SIGTERM once the process that started it is gone.
    if (startedByNpm(io.env)) {
      const unwatch = watchParent((parent) => {
        if (stopping) return
        stopping = true
        say(
          `the process that started petstore-mock (pid ${parent}) has exited: closing petstore-mock (finishing requests for up to ${shutdownSeconds} s; send SIGTERM to stop now)`,
        )
        running.close().then(
          () => resolve(0),
          () => resolve(0),
        )
      }, io.parent)
      running.server.once('close', unwatch)
    }
  })
}
