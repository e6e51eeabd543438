/**
 * Where the mock's control API lives (its own, not the spec's): `/__mock/state`,
 * `/__mock/requests`, the dashboard at `/__mock/`. A leaf, so that the
 * browser-safe client reads it too.
 *
 * @example
 * `${origin}${ADMIN_PREFIX}/reset` // 'http://127.0.0.1:4010/__mock/reset'
 */
export const ADMIN_PREFIX = '/__mock'

/**
 * Where the OpenAPI document of the API is served, under the base path.
 *
 * @example
 * await fetch(`${origin}${OPENAPI_PATH}`) // the OpenAPI 3.1 document
 */
export const OPENAPI_PATH = '/openapi.json'
