import { bypass } from 'msw'

/**
 * Sends a request past every msw handler (msw's `bypass()`): how the
 * in-process proxy (`createPetstore({ proxy })`) reaches the real upstream
 * without being answered by its own handler.
 *
 * @example
 * const upstream = createFetchUpstream(target, bypassFetch)
 */
export function bypassFetch(request: Request): Promise<Response> {
  return fetch(bypass(request))
}
