/**
 * The timer functions `sleep` uses: the global ones unless a test injects its own.
 *
 * @example
 * await sleep(300, undefined, { setTimeout: (callback) => (callback(), 0), clearTimeout: () => {} })
 */
export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown
  clearTimeout(handle: never): void
}

/**
 * Waits `ms` milliseconds, or rejects as soon as `signal` aborts (the client
 * went away), so that no timer outlives its request.
 *
 * @example
 * await sleep(300, request.signal)
 */
export function sleep(
  ms: number,
  signal?: AbortSignal,
  timers: Timers = globalThis as unknown as Timers,
): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason)
      return
    }
    const onAbort = () => {
      timers.clearTimeout(timer as never)
      reject(signal?.reason)
    }
    const timer = timers.setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}
