import type { MockResponse } from './types.ts'

/**
 * Builds a JSON response.
 *
 * @example
 * jsonResponse(200, [{ id: 1, name: 'Rex', categoryId: 1 }])
 */
export function jsonResponse(
  status: number,
  value: unknown,
  headers?: Record<string, string>,
): MockResponse & { body: string } {
  return jsonTextResponse(status, JSON.stringify(value), headers)
}

/**
 * Builds a JSON response from already serialized JSON text.
 *
 * @example
 * jsonTextResponse(200, '[]')
 */
export function jsonTextResponse(
  status: number,
  text: string,
  headers?: Record<string, string>,
): MockResponse & { body: string } {
  return {
    status,
    headers:
      headers === undefined
        ? { 'content-type': 'application/json' }
        : { 'content-type': 'application/json', ...headers },
    body: text,
  }
}
