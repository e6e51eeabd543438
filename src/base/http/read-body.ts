import { ApiError } from '../../errors/api-error.ts'
import { messageOf } from '../../errors/message-of.ts'
import { BODY_IDLE_TIMEOUT_MS, MAX_BODY_BYTES } from '../../spec/limits.ts'

/**
 * Where body bytes come from: a Fetch `ReadableStreamDefaultReader` is one;
 * the node:http transport adapts an `IncomingMessage` to it.
 *
 * @example
 * const reader: ChunkReader = request.body.getReader()
 */
export interface ChunkReader {
  read(): Promise<{ done: boolean; value?: Uint8Array }>
  /** Stops reading without cancelling the source (the transport decides what becomes of the rest). */
  releaseLock(): void
}

/**
 * The bounds `readBody` reads a body within.
 *
 * @example
 * const options: ReadBodyOptions = { declaredLength: 12, maxBytes: 1024, idleMs: 5_000 }
 */
export interface ReadBodyOptions {
  /** The `Content-Length` the client declared, if any. */
  declaredLength?: number
  /** At most this many bytes are read. Default `MAX_BODY_BYTES`. */
  maxBytes?: number
  /** A body that sends nothing for this long is given up. Default `BODY_IDLE_TIMEOUT_MS`. */
  idleMs?: number
}

/**
 * What `readBody` got: the bytes, or why there are none (a 413, 408 or 400 to answer).
 *
 * @example
 * const { body, error }: BodyResult = await readBody(reader)
 * if (error) return toErrorResponse(error)
 */
export type BodyResult =
  | { body: Uint8Array | null; error?: undefined }
  | { body: null; error: ApiError }

/**
 * The one body reader of every transport: reads at most `maxBytes` (a larger
 * declared `Content-Length` is refused before a byte is read), and gives up on
 * a body that stalls for `idleMs`. It never throws: a refused body comes back
 * as the `ApiError` to answer with (413 `payload_too_large`, 408
 * `request_timeout`, 400 `invalid_request` when the source fails or the
 * client closed the connection before the body ended) once the request has
 * been counted; the operation is never run on part of a body.
 *
 * @example
 * const { body, error } = await readBody(request.body.getReader(), {
 *   declaredLength: declaredLengthOf(request.headers.get('content-length')),
 * })
 */
export async function readBody(
  reader: ChunkReader,
  options: ReadBodyOptions = {},
): Promise<BodyResult> {
  const maxBytes = options.maxBytes ?? MAX_BODY_BYTES
  const idleMs = options.idleMs ?? BODY_IDLE_TIMEOUT_MS
  const tooLarge = () =>
    new ApiError('payload_too_large', `The request body is larger than ${maxBytes} bytes.`)
  if (declaresTooMuch(options.declaredLength, maxBytes)) {
    release(reader)
    return { body: null, error: tooLarge() }
  }
  const chunks: Array<Uint8Array> = []
  let size = 0
  let onStall = (_: 'stalled') => {}
  const stalled = new Promise<'stalled'>((resolve) => {
    onStall = resolve
  })
  const arm = () => setTimeout(() => onStall('stalled'), idleMs)
  let timer = arm()
  try {
    for (;;) {
      let next: { done: boolean; value?: Uint8Array } | 'stalled'
      try {
        next = await Promise.race([reader.read(), stalled])
      } catch (error) {
        // An errored stream or an upload the client abandoned: never act on part of a body.
        release(reader)
        return { body: null, error: unreadable(error) }
      }
      if (next === 'stalled') {
        release(reader)
        return {
          body: null,
          error: new ApiError(
            'request_timeout',
            `The request body stalled: no bytes arrived for ${idleMs} ms.`,
          ),
        }
      }
      if (next.done) break
      const value = next.value ?? new Uint8Array(0)
      size += value.byteLength
      if (size > maxBytes) {
        release(reader)
        return { body: null, error: tooLarge() }
      }
      chunks.push(value)
      clearTimeout(timer)
      timer = arm()
    }
  } finally {
    clearTimeout(timer)
  }
  if (size === 0) return { body: null }
  if (chunks.length === 1) return { body: chunks[0] ?? null }
  const bytes = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return { body: bytes }
}

/**
 * Whether a declared `Content-Length` is over the body limit: such a body is
 * refused unread (and a client that sent `Expect: 100-continue` is not told to
 * go on).
 *
 * @example
 * declaresTooMuch(declaredLengthOf(req.headers['content-length'])) // true for 50 MiB
 */
export function declaresTooMuch(
  declaredLength: number | undefined,
  maxBytes: number = MAX_BODY_BYTES,
): boolean {
  return declaredLength !== undefined && declaredLength > maxBytes
}

function unreadable(error: unknown): ApiError {
  const reason = messageOf(error)
  return new ApiError(
    'invalid_request',
    `The request body could not be read: ${reason.replace(/\.+$/, '')}.`,
  )
}

/** Every way out of `readBody` lets go of the reader through here. */
function release(reader: ChunkReader): void {
  try {
    reader.releaseLock()
  } catch {
    // A reader whose read is still pending may refuse to release: nothing else to do.
  }
}
