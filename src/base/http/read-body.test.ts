import { afterEach, describe, expect, it, vi } from 'vitest'
import { type ChunkReader, declaresTooMuch, readBody } from './read-body.ts'

/** A reader over fixed chunks; `stallAfter` stops answering after that many reads. */
function chunks(parts: Array<string>, stallAfter = Number.POSITIVE_INFINITY) {
  const encoder = new TextEncoder()
  let reads = 0
  const reader: ChunkReader & { reads: () => number; released: boolean } = {
    released: false,
    reads: () => reads,
    read() {
      reads++
      if (reads > stallAfter) return new Promise(() => {})
      const part = parts.shift()
      return Promise.resolve(
        part === undefined ? { done: true } : { done: false, value: encoder.encode(part) },
      )
    },
    releaseLock() {
      reader.released = true
    },
  }
  return reader
}

const text = (bytes: Uint8Array | null) => (bytes === null ? null : new TextDecoder().decode(bytes))

describe('readBody', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('joins the chunks of a body', async () => {
    const result = await readBody(chunks(['{"name":', '"Rex"}']))
    expect(text(result.body)).toBe('{"name":"Rex"}')
    expect(result.error).toBeUndefined()
  })

  it('gives null for an empty body', async () => {
    expect(await readBody(chunks([]))).toEqual({ body: null })
  })

  it('refuses a declared length over the limit without reading a byte', async () => {
    const reader = chunks(['x'])
    const result = await readBody(reader, { declaredLength: 11, maxBytes: 10 })
    expect(result.error).toMatchObject({ code: 'payload_too_large', status: 413 })
    expect(reader.reads()).toBe(0)
    expect(reader.released).toBe(true)
  })

  it('stops at the first chunk past the limit', async () => {
    const reader = chunks(['12345', '67890', '1', 'never read'])
    const result = await readBody(reader, { maxBytes: 10 })
    expect(result.error).toMatchObject({ code: 'payload_too_large' })
    expect(reader.reads()).toBe(3)
    expect(reader.released).toBe(true)
  })

  it('turns a failing read into a 400 instead of rejecting', async () => {
    let reads = 0
    const reader: ChunkReader & { released: boolean } = {
      released: false,
      read() {
        reads++
        return reads === 1
          ? Promise.resolve({ done: false, value: new TextEncoder().encode('{"name":') })
          : Promise.reject(new TypeError('boom'))
      },
      releaseLock() {
        reader.released = true
      },
    }
    const result = await readBody(reader)
    expect(result.body).toBeNull()
    expect(result.error).toMatchObject({
      code: 'invalid_request',
      status: 400,
      message: 'The request body could not be read: boom.',
    })
    expect(reader.released).toBe(true)
  })

  it('accepts a body of exactly the limit', async () => {
    const result = await readBody(chunks(['12345', '67890']), { maxBytes: 10 })
    expect(text(result.body)).toBe('1234567890')
  })

  it('answers 408 once no byte has come for idleMs, and leaves no timer', async () => {
    vi.useFakeTimers()
    const reader = chunks(['{"na'], 1)
    let settled: Awaited<ReturnType<typeof readBody>> | undefined
    void readBody(reader, { idleMs: 1_000 }).then((result) => {
      settled = result
    })
    await vi.advanceTimersByTimeAsync(999)
    expect(settled).toBeUndefined()
    await vi.advanceTimersByTimeAsync(1)
    expect(settled?.error).toMatchObject({ code: 'request_timeout', status: 408 })
    expect(settled?.error?.message).toContain('1000 ms')
    expect(reader.released).toBe(true)
    expect(vi.getTimerCount()).toBe(0)
  })

  it('measures the idle time from the last chunk, not from the start', async () => {
    vi.useFakeTimers()
    const encoder = new TextEncoder()
    const queue: Array<(value: { done: boolean; value?: Uint8Array }) => void> = []
    const reader: ChunkReader = {
      read: () => new Promise((resolve) => queue.push(resolve)),
      releaseLock() {},
    }
    let settled: Awaited<ReturnType<typeof readBody>> | undefined
    void readBody(reader, { idleMs: 1_000 }).then((result) => {
      settled = result
    })
    for (let i = 0; i < 5; i++) {
      await vi.advanceTimersByTimeAsync(900)
      queue.shift()?.({ done: false, value: encoder.encode('x') })
    }
    await vi.advanceTimersByTimeAsync(0)
    queue.shift()?.({ done: true })
    await vi.advanceTimersByTimeAsync(0)
    expect(text(settled?.body ?? null)).toBe('xxxxx')
    expect(vi.getTimerCount()).toBe(0)
  })
})

describe('declaresTooMuch', () => {
  it('is true only for a declared length over the limit', () => {
    expect(declaresTooMuch(undefined)).toBe(false)
    expect(declaresTooMuch(Number.NaN)).toBe(false)
    expect(declaresTooMuch(1024 * 1024)).toBe(false)
    expect(declaresTooMuch(1024 * 1024 + 1)).toBe(true)
  })
})
