import fc from 'fast-check'
import { request } from 'undici'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningServer, startServer } from '../../adapter/node/start-server.ts'
import { formatLogLine } from '../../cli/format-log-line.ts'
import { type RawServer, startRawServer } from '../../test-utils/raw-server.ts'
import type { JournalEntry } from './journal-entry.ts'
import { SHOWN_PARAMETERS, SHOWN_REQUEST_FIELDS, SHOWN_RESPONSE_FIELDS } from './shown.ts'

/**
 * Secrets in every place a request or an answer can carry them, under
 * generated names (plural and near names, look-alike letters, any case) and
 * in generated encodings, sent through the proxy to an upstream that echoes
 * them back (in its body, a `Location`, a header of its own): none of them
 * shows in the journal, the HAR, the event stream's entries or the log line.
 */

/** A name that is none of the shown ones: near names, look-alikes (Cyrillic, full-width), any case. */
const hiddenName = fc
  .oneof(
    fc.constantFrom(
      'api_keys',
      'apiKeys',
      'access_tokens',
      'passwords',
      'secrets',
      'keys',
      'creds',
    ),
    fc.constantFrom('code', 'otp', 'pin', 'nonce', 'hmac', 'client_assertion', 'client_secret'),
    fc.constantFrom('limіt', 'ｌｉｍｉｔ', 'Limit', 'status_', 'nаme'),
    fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_.-]{0,15}$/),
  )
  .filter(
    (name) =>
      !SHOWN_PARAMETERS.has(name) &&
      !SHOWN_REQUEST_FIELDS.has(name) &&
      !SHOWN_RESPONSE_FIELDS.has(name),
  )
const secret = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9_~/=+-]{7,31}$/)

/** The forms a secret may be written in: as is, percent-encoded, JSON-escaped. */
function forms(value: string): Array<string> {
  return [value, encodeURIComponent(value), JSON.stringify(value).slice(1, -1)]
}

describe('no secret reaches what shows a request', () => {
  let upstream: RawServer
  let mock: RunningServer
  const echo = { name: 'x', value: 'y' }

  beforeAll(async () => {
    upstream = await startRawServer((req, res) => {
      const { name, value } = echo
      res
        .writeHead(200, {
          'content-type': 'application/json',
          location: `/v1/pets/1?${encodeURIComponent(name)}=${encodeURIComponent(value)}`,
          link: `</v1/pets?${encodeURIComponent(name)}=${encodeURIComponent(value)}>; rel="next"`,
          'x-echo': value,
          'www-authenticate': `Bearer realm="petstore", error_description="${value}"`,
          'set-cookie': `sid=${value}`,
        })
        .end(
          JSON.stringify([
            { id: 1, name: 'Rex', categoryId: 1, [name]: value, access_token: value },
            { code: 'echo', message: `you sent ${req.url}` },
          ]),
        )
    })
    mock = await startServer({ port: 0, host: '127.0.0.1', proxy: `${upstream.url}/v1` })
  })
  afterAll(async () => {
    await mock?.close()
    await upstream?.close()
  })

  it('holds for generated names, secrets and places', async () => {
    await fc.assert(
      fc.asyncProperty(
        hiddenName,
        secret,
        fc.constantFrom('query', 'semicolon', 'body', 'form', 'referer', 'header', 'authorization'),
        async (name, value, place) => {
          echo.name = name
          echo.value = value
          const query = new URLSearchParams({ limit: '1' })
          const headers: Record<string, string> = { authorization: 'Bearer sk_test_free' }
          let body: string | undefined
          if (place === 'query') query.append(name, value)
          if (place === 'semicolon') query.set('limit', `1;${name}=${value}`)
          if (place === 'body') {
            body = JSON.stringify({
              name: 'Rex',
              categoryId: 1,
              [name]: value,
              nested: { name: value },
            })
            headers['content-type'] = 'application/json'
          }
          if (place === 'form') {
            body = `name=Rex&${encodeURIComponent(name)}=${encodeURIComponent(value)}`
            headers['content-type'] = 'application/x-www-form-urlencoded'
          }
          if (place === 'referer')
            headers.referer = `http://app.test/cb?${encodeURIComponent(name)}=${value}&access_token=${value}#${value}`
          if (place === 'header') headers[`x-${name.replace(/[^A-Za-z0-9-]/g, '')}`] = value
          if (place === 'authorization') headers.authorization = `Bearer ${value}`
          const response = await request(`${mock.url}/v1/pets?${query}`, {
            method: body === undefined ? 'GET' : 'POST',
            headers,
            body,
          })
          await response.body.dump()
          const [entry] = mock.petstore.requests({ limit: 1 }) as Array<JournalEntry>
          const journal = await (await fetch(`${mock.url}/__mock/requests?limit=1`)).text()
          const har = await (await fetch(`${mock.url}/__mock/requests.har?limit=1`)).text()
          const shown = {
            journal,
            har,
            entry: JSON.stringify(entry),
            log: entry ? formatLogLine(entry) : '',
          }
          for (const [where, text] of Object.entries(shown)) {
            for (const form of forms(value)) {
              expect(text.includes(form), `${place} ${name}: ${where} shows ${form}`).toBe(false)
            }
          }
        },
      ),
      { numRuns: 80, seed: 33 },
    )
  }, 120_000)
})
