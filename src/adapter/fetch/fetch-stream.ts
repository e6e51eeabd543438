import type { ResponseStream } from '../../base/http/types.ts'

/**
 * A streamed body (the event stream) over the Fetch transport is ended when
 * its reader leaves it unread this long while events wait, in ms.
 */
export const FETCH_STREAM_IDLE_MS = 60_000

/**
 * A streamed body as a Fetch body. It starts on the first read (a Response
 * that is never read holds no journal listener and no timer), stops when
 * cancelled or aborted, and ends itself when its reader leaves it unread for
 * `FETCH_STREAM_IDLE_MS` while events wait.
 *
 * @example
 * new Response(toReadable(response.stream, request.signal), { status: 200 })
 */
export function toReadable(
  stream: ResponseStream,
  signal?: AbortSignal,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  let stop = () => {}
  let drained: (() => void) | undefined
  let started = false
  let open = true
  let idle: ReturnType<typeof setTimeout> | undefined
  let controller: ReadableStreamDefaultController<Uint8Array>
  // Ends the stream (`end`: the writer, an abort or an idle reader) or lets
  // it go (`cancel`: the reader left; the stream is closed already).
  const finish = (close: boolean) => {
    if (!open) return
    open = false
    clearTimeout(idle)
    stop()
    signal?.removeEventListener('abort', end)
    if (close) controller.close()
  }
  const end = () => finish(true)
  return new ReadableStream<Uint8Array>(
    {
      start(streamController) {
        controller = streamController
        if (signal?.aborted) end()
        else signal?.addEventListener('abort', end, { once: true })
      },
      pull() {
        clearTimeout(idle)
        idle = undefined
        if (!open) return
        if (!started) {
          started = true
          stop = stream({
            write(chunk) {
              if (!open) return false
              controller.enqueue(encoder.encode(chunk))
              if ((controller.desiredSize ?? 1) > 0) return true
              // Backpressure: a reader that does not come back in time is let go.
              if (idle === undefined) {
                idle = setTimeout(end, FETCH_STREAM_IDLE_MS)
                ;(idle as { unref?: () => void }).unref?.()
              }
              return false
            },
            onDrain(listener) {
              drained = listener
            },
            end,
          })
          return
        }
        const listener = drained
        drained = undefined
        listener?.()
      },
      cancel() {
        finish(false)
      },
    },
    // Nothing is pulled before a read: the stream starts on demand.
    { highWaterMark: 0 },
  )
}
