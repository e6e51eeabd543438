import type { ApiKey } from '../keys/create-keyring.ts'
import type { Route } from '../spec/routes.ts'

/**
 * Reads request headers, case-insensitively. Both a Fetch `Headers` and the
 * server's view of `IncomingMessage` headers satisfy it.
 */
export interface HeaderReader {
  get(name: string): string | null
}

/**
 * A request as the mock sees it, whatever transport it came by (msw or the
 * node:http server).
 */
export interface MockRequest {
  /** Upper-case method. */
  method: string
  /** The path, without the base URL's own path prefix. */
  path: string
  query: URLSearchParams
  headers: HeaderReader
  /** The body as text, or `null` when there is none. */
  body: string | null
  /** Who sent it: limits for requests without a valid key are per address. */
  clientAddress: string
  /** The body was larger than the transport accepts; it was not read. */
  bodyTooLarge?: boolean
  /** Aborts when the client goes away. */
  signal?: AbortSignal
}

/**
 * A response as the mock produces it; each transport writes it its own way.
 */
export interface MockResponse {
  status: number
  headers: Record<string, string>
  /** Serialized body, or `undefined` for none. */
  body?: string
}

/**
 * What one request carries through the middleware chain.
 */
export interface Context {
  request: MockRequest
  /** The operation the request is routed to. */
  route: Route | undefined
  /** Path parameters of the route (`petId`). */
  params: Record<string, string>
  /** Headers that every response to this request carries, errors included. */
  headers: Record<string, string>
  /** The valid API key of the request, once the auth middleware has found it. */
  apiKey: ApiKey | undefined
  /** Why the request carries no valid key, once the auth middleware has looked. */
  authProblem: string | undefined
}

export type Next = () => Promise<MockResponse>

/**
 * A cross-cutting behaviour wrapped around operations, in Hono's style: it
 * may set `ctx.headers`, throw an `ApiError`, or answer without calling `next`.
 */
export type Middleware = (ctx: Context, next: Next) => Promise<MockResponse>

/**
 * The implementation of one API operation.
 */
export type Operation = (ctx: Context) => MockResponse | Promise<MockResponse>
