/**
 * The origin a client addressed over plain HTTP, from its `Host` header, when
 * that is a plain host[:port]; `undefined` for anything else, so that no
 * header text reaches the document it is written into.
 *
 * @example
 * originOfHost('127.0.0.1:4010') // 'http://127.0.0.1:4010'
 * originOfHost('evil"/><x') // undefined
 */
export function originOfHost(host: string | null | undefined): string | undefined {
  return host != null && /^[\w.-]+(?::\d{1,5})?$|^\[[\da-f:.]+\](?::\d{1,5})?$/i.test(host)
    ? `http://${host}`
    : undefined
}
