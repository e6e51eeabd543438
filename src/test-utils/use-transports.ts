import { setupServer } from 'msw/node'
import { request, fetch as undiciFetch } from 'undici'
import { afterAll, beforeAll, expect } from 'vitest'
import { IN_PROCESS_ADDRESS } from '../adapter/fetch/fetch-transport.ts'
import { createPetstore, type Petstore } from '../adapter/msw/create-petstore.ts'
import { type RunningServer, startServer } from '../adapter/node/start-server.ts'
import type { PetstoreCore, PetstoreOptions } from '../app/create-petstore-core.ts'
import { ErrorBody } from '../spec/error-body.ts'

/** A key with room for every request of a test file (Enterprise: 10,000 a minute). */
export const AUTH = { authorization: 'Bearer sk_test_enterprise' } as const

/** The origin of in-process requests (any origin matches by default). */
export const IN_PROCESS_ORIGIN = 'http://petstore.test'

export interface TestResponse {
  status: number
  headers: Headers
  text: string
  json<T = unknown>(): T
  /** The parsed JSON body, `undefined` when the body is empty. */
  // biome-ignore lint/suspicious/noExplicitAny: tests read bodies of many shapes
  body: any
}

export interface SendInit {
  headers?: Record<string, string>
  /** Text, or bytes (which Fetch sends without adding a `Content-Type`). */
  body?: string | Uint8Array<ArrayBuffer>
  /** Aborts the request (the client goes away). */
  signal?: AbortSignal
}

/** One msw server for the file: two listening at once would both intercept every request. */
const mswServer = setupServer()
let listening = 0
let active: Petstore | undefined

/**
 * One way of reaching the mock: a real node:http server on port 0 over HTTP
 * (undici), msw's `setupServer` with the petstore's handlers and the global
 * `fetch`, or the petstore's own `fetch(request)` without msw.
 */
export interface Transport {
  readonly name: 'http' | 'msw' | 'fetch'
  /** The petstore behind this transport (set once the file's `beforeAll` has run). */
  readonly petstore: PetstoreCore
  /** The address the mock counts requests without a valid key against. */
  readonly clientAddress: string
  /** A request whose answer is read as it comes (an event stream): the Fetch `Response`. */
  open(
    path: string,
    init?: { headers?: Record<string, string>; signal?: AbortSignal },
  ): Promise<Response>
  send(method: string, path: string, init?: SendInit): Promise<TestResponse>
}

/**
 * Sets up the three transports for the tests of one file, each over its own
 * petstore made from `options`, and tears them down after. Use with
 * `describe.each(useTransports())`: one definition of a behaviour, run over
 * every way a user reaches the mock.
 *
 * @example
 * describe.each(useTransports())('$name', (transport) => {
 *   it('lists pets', async () => {
 *     const response = await transport.send('GET', '/v1/pets', { headers: AUTH })
 *   })
 * })
 */
export function useTransports(options: PetstoreOptions = {}): Array<Transport> {
  let running: RunningServer | undefined
  let inProcess: Petstore | undefined
  let direct: Petstore | undefined

  beforeAll(async () => {
    // The server gets a petstore with `db` (the standalone server has none) so tests can arrange data.
    running = await startServer({
      port: 0,
      host: '127.0.0.1',
      ...options,
      petstore: createPetstore(options),
    })
    inProcess = createPetstore(options)
    direct = createPetstore(options)
    await Promise.all([inProcess.ready, direct.ready])
    listening++
    if (listening === 1) {
      // msw 2 reads `onUnhandledRequest`, msw 3 `onUnhandledFrame`; each one's types reject the other.
      mswServer.listen({ onUnhandledRequest: 'error', onUnhandledFrame: 'error' } as Parameters<
        typeof mswServer.listen
      >[0])
    }
  })
  afterAll(async () => {
    listening--
    if (listening === 0) mswServer.close()
    await running?.close()
  })

  const http: Transport = {
    name: 'http',
    clientAddress: '127.0.0.1',
    async open(path, init = {}) {
      if (running === undefined) throw new Error('The server has not started yet.')
      // undici's own fetch: the global one is msw's in these files.
      return (await undiciFetch(`${running.url}${path}`, init)) as unknown as Response
    },
    get petstore() {
      if (running === undefined) throw new Error('The server has not started yet.')
      return running.petstore
    },
    async send(method, path, init = {}) {
      if (running === undefined) throw new Error('The server has not started yet.')
      const response = await request(`${running.url}${path}`, {
        method: method as 'GET',
        headers: init.headers,
        body: init.body,
        signal: init.signal,
      })
      const headers = new Headers()
      for (const [name, value] of Object.entries(response.headers)) {
        if (value === undefined) continue
        for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item)
      }
      return toTestResponse(response.statusCode, headers, await response.body.text())
    },
  }
  const msw: Transport = {
    name: 'msw',
    clientAddress: IN_PROCESS_ADDRESS,
    open(path, init = {}) {
      if (active !== inProcess && inProcess !== undefined) {
        mswServer.resetHandlers(...inProcess.handlers)
        active = inProcess
      }
      return fetch(`${IN_PROCESS_ORIGIN}${path}`, init)
    },
    get petstore() {
      if (inProcess === undefined) throw new Error('The petstore has not been created yet.')
      return inProcess
    },
    async send(method, path, init = {}) {
      if (inProcess === undefined) throw new Error('The petstore has not been created yet.')
      if (active !== inProcess) {
        // One msw server per file: it answers with the handlers of the petstore in use.
        mswServer.resetHandlers(...inProcess.handlers)
        active = inProcess
      }
      const response = await fetch(`${IN_PROCESS_ORIGIN}${path}`, {
        method,
        headers: init.headers,
        body: init.body,
        signal: init.signal,
      })
      return toTestResponse(response.status, response.headers, await response.text())
    },
  }
  const fetchTransport: Transport = {
    name: 'fetch',
    clientAddress: IN_PROCESS_ADDRESS,
    open(path, init = {}) {
      if (direct === undefined) throw new Error('The petstore has not been created yet.')
      return direct.fetch(new Request(`${IN_PROCESS_ORIGIN}${path}`, init))
    },
    get petstore() {
      if (direct === undefined) throw new Error('The petstore has not been created yet.')
      return direct
    },
    async send(method, path, init = {}) {
      if (direct === undefined) throw new Error('The petstore has not been created yet.')
      const response = await direct.fetch(
        new Request(`${IN_PROCESS_ORIGIN}${path}`, {
          method,
          headers: init.headers,
          body: init.body,
          signal: init.signal,
        }),
      )
      return toTestResponse(response.status, response.headers, await response.text())
    },
  }
  return [http, msw, fetchTransport]
}

function toTestResponse(status: number, headers: Headers, text: string): TestResponse {
  return {
    status,
    headers,
    text,
    json: <T>() => JSON.parse(text) as T,
    body: text === '' ? undefined : parseOrText(text),
  }
}

function parseOrText(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

/**
 * Asserts that a response is a well-formed Error (spec §7): the status, a JSON
 * body that the `ErrorBody` schema accepts with the same `status`, and the
 * `code`. Returns the body.
 *
 * @example
 * const error = expectError(response, 400, 'invalid_request')
 * expect(error.message).toContain('limit')
 */
export function expectError(response: TestResponse, status: number, code?: string): ErrorBody {
  expect(response.status, response.text).toBe(status)
  expect(response.headers.get('content-type')).toBe('application/json')
  const body = ErrorBody.parse(response.json())
  expect(body.status).toBe(status)
  if (code !== undefined) expect(body.code).toBe(code)
  expect(body.message.length).toBeGreaterThan(0)
  return body
}
