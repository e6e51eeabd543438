import { promisify } from 'node:util'
import { brotliDecompress, gunzip, inflate, inflateRaw, type ZlibOptions } from 'node:zlib'

/**
 * What decoding a body gave: its bytes, or why not (a coding nobody here
 * undoes, bytes that are not valid in their coding, or more than the bound).
 *
 * @example
 * const decoded: Decoded = { ok: false, failure: 'unknown', coding: 'zstd' }
 */
export type Decoded =
  | { ok: true; bytes: Uint8Array }
  | { ok: false; failure: 'unknown' | 'invalid' | 'too-large'; coding: string; reason?: string }

type Decoder = (bytes: Uint8Array, options: ZlibOptions) => Promise<Buffer>

const gunzipAsync = promisify(gunzip) as Decoder
const inflateAsync = promisify(inflate) as Decoder
const inflateRawAsync = promisify(inflateRaw) as Decoder

/** `deflate` is zlib-wrapped by the RFC, raw in some servers: both are read. */
const inflateEither: Decoder = async (bytes, options) => {
  try {
    return await inflateAsync(bytes, options)
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw error
    return inflateRawAsync(bytes, options)
  }
}

/** How each content coding is undone; a `Map`, as the coding's name is the server's. */
const DECODERS = new Map<string, Decoder>([
  ['gzip', gunzipAsync],
  ['x-gzip', gunzipAsync],
  ['br', promisify(brotliDecompress) as Decoder],
  ['deflate', inflateEither],
])

/**
 * The codings of a `Content-Encoding` value in the order they were applied
 * (RFC 9110 §8.4: a list), lower-cased, `identity` and empty items left out.
 *
 * @example
 * codingsOf('gzip, BR') // ['gzip', 'br']
 */
export function codingsOf(encoding: string | undefined): Array<string> {
  return (encoding ?? '')
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== '' && coding !== 'identity')
}

/**
 * The one Content-Encoding decoder of the kit and the proxy: undoes every
 * coding of the list, the last applied first, off the main thread (zlib's
 * asynchronous functions), each step at most `maxOutputLength` bytes.
 *
 * @example
 * await decodeContent(zlib.gzipSync(zlib.brotliCompressSync('[]')), 'br, gzip', 1024) // { ok: true, bytes: <'[]'> }
 */
export async function decodeContent(
  body: Uint8Array,
  encoding: string | undefined,
  maxOutputLength: number,
): Promise<Decoded> {
  let bytes = body
  if (bytes.byteLength === 0) return { ok: true, bytes }
  for (const coding of codingsOf(encoding).reverse()) {
    const decoder = DECODERS.get(coding)
    if (decoder === undefined) return { ok: false, failure: 'unknown', coding }
    try {
      bytes = await decoder(bytes, { maxOutputLength })
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
        return { ok: false, failure: 'too-large', coding }
      }
      return { ok: false, failure: 'invalid', coding, reason: (error as Error).message }
    }
  }
  return { ok: true, bytes }
}
