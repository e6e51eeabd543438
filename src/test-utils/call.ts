import { request } from 'undici'

/**
 * Sends one request with undici and reads the answer whole: status, headers
 * and the JSON body (`undefined` when empty).
 *
 * @example
 * const { status, body } = await call(`${mock.current.url}/v1/pets`, { headers: auth })
 */
export async function call(
  url: string,
  options: {
    method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'OPTIONS' | 'HEAD'
    headers?: Record<string, string>
    body?: string
  } = {},
) {
  const response = await request(url, options)
  const text = await response.body.text()
  return {
    status: response.statusCode,
    headers: response.headers,
    body: text === '' ? undefined : JSON.parse(text),
  }
}
