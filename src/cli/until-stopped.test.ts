import { EventEmitter } from 'node:events'
import { describe, expect, it } from 'vitest'
import { untilStopped } from './until-stopped.ts'

/** A server that closes when told, and counts the connections it was told to drop. */
function fakeRunning(close: () => Promise<void>) {
  const server = Object.assign(new EventEmitter(), { dropped: 0 })
  const closeAllConnections = () => {
    server.dropped += 1
  }
  return {
    running: { server: Object.assign(server, { closeAllConnections }), close },
    server,
  }
}

// Not started by npm: no parent is watched.
const io = { env: {} }

describe('untilStopped', () => {
  it('closes gracefully on SIGTERM (0) and leaves no signal listener behind', async () => {
    const before = [process.listenerCount('SIGINT'), process.listenerCount('SIGTERM')]
    const said: Array<string> = []
    const { running } = fakeRunning(async () => {})
    const stopped = untilStopped(running as never, {
      say: (line) => said.push(line),
      shutdownSeconds: 10,
      io: io as never,
    })
    process.emit('SIGTERM', 'SIGTERM')
    expect(await stopped).toBe(0)
    expect(said).toEqual([
      'SIGTERM: closing petstore-mock (finishing requests for up to 10 s; send SIGTERM again to stop now)',
    ])
    expect([process.listenerCount('SIGINT'), process.listenerCount('SIGTERM')]).toEqual(before)
  })

  it('stops at once on a second signal (1), dropping the connections', async () => {
    const before = [process.listenerCount('SIGINT'), process.listenerCount('SIGTERM')]
    const said: Array<string> = []
    // A close that never finishes: requests still in flight.
    const { running, server } = fakeRunning(() => new Promise<void>(() => {}))
    const stopped = untilStopped(running as never, {
      say: (line) => said.push(line),
      shutdownSeconds: 10,
      io: io as never,
    })
    process.emit('SIGINT', 'SIGINT')
    process.emit('SIGINT', 'SIGINT')
    expect(await stopped).toBe(1)
    expect(said[1]).toBe('SIGINT again: stopping petstore-mock now')
    expect(server.dropped).toBe(1)
    expect([process.listenerCount('SIGINT'), process.listenerCount('SIGTERM')]).toEqual(before)
  })
})
