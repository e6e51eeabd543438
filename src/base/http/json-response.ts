import type { MockResponse } from './types.ts'

/**
 * Builds a JSON response; of an array, it says how many items it holds (`items`).
 *
 * @example
 * jsonResponse(200, [{ id: 1, name: 'Rex', categoryId: 1 }]).items // 1
 */
export function jsonResponse(
  status: number,
  value: unknown,
  headers?: Record<string, string>,
): MockResponse & { body: string } {
  const response = jsonTextResponse(status, JSON.stringify(value), headers)
  if (Array.isArray(value)) response.items = value.length
  return response
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
