import { type HttpHandler, http } from 'msw'
import type { App } from '../../base/http/types.ts'

/**
 * The msw transport: one handler that claims what the app serves (the API,
 * the control API and the document, at the base URL) and answers it with the
 * mock's `fetch`. The app does the routing; `server.use()` overrides go in
 * front of it as usual.
 *
 * @example
 * const core = createPetstoreCore({ baseUrl: 'https://api.example.com' })
 * const handlers = createHandlers(core)
 */
export function createHandlers(petstore: {
  app: Pick<App, 'serves'>
  fetch: (request: Request) => Promise<Response>
}): Array<HttpHandler> {
  return [
    http.all(
      ({ request }) => petstore.app.serves(new URL(request.url)),
      ({ request }) => petstore.fetch(request),
    ),
  ]
}
