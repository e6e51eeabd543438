/**
 * Where the standalone server listens unless told otherwise. Free of Node
 * imports, so that the OpenAPI document (which runs in browsers too) can name
 * the local server.
 *
 * @example
 * `http://${SERVER_DEFAULTS.host}:${SERVER_DEFAULTS.port}` // 'http://127.0.0.1:4010'
 */
export const SERVER_DEFAULTS = { host: '127.0.0.1', port: 4010 } as const
