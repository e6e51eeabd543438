import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Verifier } from '@pact-foundation/pact'
import { fetch as undiciFetch } from 'undici'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningServer, startServer } from '../../adapter/node/start-server.ts'
import type { PactFile } from '../../core/coverage/to-pact.ts'
import { ErrorBody } from '../../spec/error-body.ts'

/**
 * The exported contract against Pact's own verifier: what an app met on one
 * mock (a list, a created pet, a refused create, a missing pet, no key, and
 * the forced 429 and empty list) is written as a Pact v4 file without any
 * key; `@pact-foundation/pact`'s `Verifier`, given the mock's
 * provider-state endpoint, passes it against a fresh mock, and fails it
 * against the same mock with one state ("the key is rate limited") that
 * its set-up no longer makes.
 */
const KEY = 'sk_test_enterprise'

describe('the coverage contract under Pact verification', () => {
  let consumerSide: RunningServer
  let provider: RunningServer
  let lacking: Server
  let directory: string
  let pactFile: string
  let pact: PactFile

  const send = (path: string, init: { method?: string; body?: string; key?: boolean } = {}) =>
    undiciFetch(`${consumerSide.url}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        ...(init.key === false ? {} : { authorization: `Bearer ${KEY}` }),
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: init.body,
    })
  const control = (path: string, body: unknown) =>
    undiciFetch(`${consumerSide.url}/__mock/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })

  beforeAll(async () => {
    directory = mkdtempSync(join(tmpdir(), 'petstore-pact-'))
    consumerSide = await startServer({ port: 0, host: '127.0.0.1', seed: 4 })
    provider = await startServer({ port: 0, host: '127.0.0.1', seed: 4 })
    // The app's traffic: what it did, and the states forced for it.
    await send('/v1/pets?limit=5')
    await send('/v1/pets', { method: 'POST', body: '{"name":"Rex","categoryId":1}' })
    await send('/v1/pets', { method: 'POST', body: '{"categoryId":1}' })
    await send('/v1/pets/1')
    await send('/v1/pets/1001')
    await send('/v1/store/orders', { key: false })
    await control('coverage/force', { cell: 'listPets:429:rate-limited' })
    await send('/v1/pets?limit=5')
    await control('coverage/force', { cell: 'listPets:200:empty' })
    await send('/v1/pets?limit=5')
    const response = await undiciFetch(
      `${consumerSide.url}/__mock/coverage.pact.json?consumer=pets-web&provider=animal-adoption-service`,
    )
    expect(response.status).toBe(200)
    const text = await response.text()
    expect(text).not.toContain(KEY)
    pact = JSON.parse(text) as PactFile
    for (const { request } of pact.interactions) {
      expect(Object.keys(request.headers ?? {}).map((name) => name.toLowerCase())).toEqual(
        request.headers?.['Content-Type'] === undefined ? [] : ['content-type'],
      )
      expect(Object.keys(request.query ?? {})).not.toContain('__code')
    }
    pactFile = join(directory, 'pets-web.pact.json')
    writeFileSync(pactFile, text)
    // The same provider with one state removed: its set-up for the rate limit makes nothing.
    lacking = createServer((request, reply) => {
      let body = ''
      request.on('data', (chunk) => {
        body += chunk
      })
      request.on('end', async () => {
        const call = JSON.parse(body) as { state: string }
        if (call.state === 'the key is rate limited') {
          reply.writeHead(200, { 'content-type': 'application/json' }).end('{}')
          return
        }
        const forwarded = await undiciFetch(`${provider.url}/__mock/provider-states`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        })
        reply.writeHead(forwarded.status, { 'content-type': 'application/json' })
        reply.end(await forwarded.text())
      })
    })
    await new Promise<void>((resolve) => lacking.listen(0, '127.0.0.1', resolve))
  }, 60_000)

  afterAll(async () => {
    if (lacking !== undefined) await new Promise((resolve) => lacking.close(resolve))
    await consumerSide?.close()
    await provider?.close()
    rmSync(directory, { recursive: true, force: true })
  })

  const verify = (stateUrl: string) =>
    new Verifier({
      provider: 'animal-adoption-service',
      providerBaseUrl: provider.url,
      pactUrls: [pactFile],
      providerStatesSetupUrl: stateUrl,
      // The verifier brings its own key: the contract holds none.
      customProviderHeaders: [`Authorization: Bearer ${KEY}`],
      logLevel: 'error',
    }).verifyProvider()

  it('writes one interaction per met cell, its state a provider state, error paths included', () => {
    expect(pact.metadata.pactSpecification.version).toBe('4.0')
    expect(pact.consumer.name).toBe('pets-web')
    expect(pact.interactions.map((interaction) => interaction.key).sort()).toEqual(
      [
        'createPet:201:created',
        'createPet:400:invalid-name',
        'getPet:200:deprecated',
        'getPet:200:found',
        'getPet:404:not-found',
        'listOrders:401:key-missing',
        'listPets:200:empty',
        'listPets:200:page-full',
        'listPets:429:rate-limited',
      ].sort(),
    )
    const notFound = pact.interactions.find(
      (interaction) => interaction.key === 'getPet:404:not-found',
    )
    expect(notFound?.providerStates).toEqual([
      { name: 'pet 1001 does not exist', params: { cell: 'getPet:404:not-found', petId: '1001' } },
    ])
    const created = pact.interactions.find(
      (interaction) => interaction.key === 'createPet:201:created',
    )
    expect(created?.request.body?.content).toEqual({ name: 'Rex', categoryId: 1 })
    const limited = pact.interactions.find(
      (interaction) => interaction.key === 'listPets:429:rate-limited',
    )
    expect(limited?.request.query).toEqual({ limit: ['5'] })
    const deprecated = pact.interactions.find(
      (interaction) => interaction.key === 'getPet:200:deprecated',
    )
    expect(deprecated?.response.headers.Sunset).toEqual(['Thu, 05 Dec 2030 00:00:00 GMT'])
    expect(Object.keys(limited?.response.headers ?? {})).toEqual(
      expect.arrayContaining(['Retry-After', 'X-RateLimit-Remaining', 'X-RateLimit-Reset']),
    )
  })

  it("passes Pact's verifier against the mock as the provider", async () => {
    await expect(verify(`${provider.url}/__mock/provider-states`)).resolves.toBeDefined()
  }, 120_000)

  it("fails Pact's verifier against a mock that cannot set up one state", async () => {
    const { port } = lacking.address() as AddressInfo
    await expect(verify(`http://127.0.0.1:${port}/`)).rejects.toThrow()
  }, 120_000)

  it('refuses a provider state that names no cell with an Error naming it', async () => {
    const response = await undiciFetch(`${provider.url}/__mock/provider-states`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ state: 'the moon is full', params: { cell: '__proto__' } }),
    })
    expect(response.status).toBe(400)
    const error = ErrorBody.parse(await response.json())
    expect(error.message).toContain('the moon is full')
  })
})
