import { describe, expect, it } from 'vitest'
import { ApiError } from '../../errors/api-error.ts'
import { PROXY_LIMITS } from '../../spec/limits.ts'
import { createFetchUpstream } from './fetch-upstream.ts'
import { parseProxyTarget } from './proxy-target.ts'

const target = parseProxyTarget('http://127.0.0.1:9/v1')

/** A fetch that never answers: it rejects only when its request is aborted. */
function silentFetch(request: Request): Promise<Response> {
  return new Promise((_resolve, reject) => {
    request.signal.addEventListener('abort', () => reject(request.signal.reason), { once: true })
  })
}

describe('createFetchUpstream', () => {
  it('tells the one bound of connect and headers together when it is reached', async () => {
    const limits = { ...PROXY_LIMITS, connectTimeoutMs: 1, headersTimeoutMs: 2 }
    const upstream = createFetchUpstream(target, silentFetch, limits)
    const error = await upstream({
      method: 'GET',
      path: '/v1/pets',
      headers: {},
      body: null,
    }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ code: 'upstream_timeout' })
    expect((error as ApiError).message).toMatch(
      /did not accept a connection and send its headers within 3 ms/,
    )
  })

  it('hands over the decoded body whole, never truncated, its Set-Cookie lines apart', async () => {
    const headers = new Headers({ 'content-type': 'application/json' })
    headers.append('set-cookie', 'a=1')
    headers.append('set-cookie', 'b=2')
    const upstream = createFetchUpstream(target, async () => new Response('[]', { headers }))
    const answer = await upstream({ method: 'GET', path: '/v1/pets', headers: {}, body: null })
    expect(answer).toMatchObject({ status: 200, text: '[]', textTruncated: false })
    expect(answer.setCookie).toEqual(['a=1', 'b=2'])
  })
})
