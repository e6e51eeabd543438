import { describe, expect, it } from 'vitest'
import { BudgetExhaustedError, createHttpClient, ServerUnreachableError } from './http-client.ts'
import { createRateLimitPacer, WaitTooLongError } from './rate-limit-pacer.ts'
import type { TransportRequest, TransportResponse } from './undici-transport.ts'

const RESET = 1_767_225_660

function setup(
  responses: Array<Partial<TransportResponse> | Error>,
  maxRequests = 100,
  keys: { token: string; otherToken?: string } = { token: 'sk_secret_key' },
) {
  let now = 1_767_225_600_000
  const sleeps: Array<number> = []
  const sent: Array<TransportRequest> = []
  const sleep = async (ms: number) => {
    sleeps.push(ms)
    now += ms
  }
  const pacer = createRateLimitPacer({ now: () => now, sleep })
  const client = createHttpClient({
    baseUrl: 'http://api.test/v1/',
    ...keys,
    transport: async (request) => {
      sent.push(request)
      const next = responses.shift() ?? {}
      if (next instanceof Error) {
        throw next
      }
      return {
        status: 200,
        body: '[]',
        truncated: false,
        ...next,
        headers: {
          'x-ratelimit-limit': '60',
          'x-ratelimit-remaining': '50',
          'x-ratelimit-reset': String(RESET),
          ...next.headers,
        },
      }
    },
    pacer,
    now: () => now,
    sleep,
    timeoutMs: 1000,
    maxRequests,
  })
  return { client, sleeps, sent }
}

const listPets = { operation: 'listPets', method: 'GET', path: '/pets', auth: 'valid' } as const

describe('createHttpClient', () => {
  it('sends the key as a bearer token, records it as its placeholder and the answer as received', async () => {
    const { client, sent } = setup([{ body: '["sk_secret_key"]' }])
    const exchange = await client.send(listPets)
    expect(sent[0]?.url).toBe('http://api.test/v1/pets')
    expect(sent[0]?.headers.Authorization).toBe('Bearer sk_secret_key')
    expect(exchange.request.headers.Authorization).toBe('Bearer $PETSTORE_API_KEY')
    // What is judged is what came: the run hides the key in what it hands out.
    expect(exchange.response?.body).toBe('["sk_secret_key"]')
  })

  it('leaves an answer that holds the key as it came, to be judged and paced by (key 1000)', async () => {
    const { client } = setup(
      [
        {
          status: 201,
          body: '{"id":10000,"name":"a1000","categoryId":1000}',
          headers: { 'x-ratelimit-limit': '10000', 'x-ratelimit-remaining': '1000' },
        },
      ],
      100,
      { token: '1000' },
    )
    const exchange = await client.send({
      ...listPets,
      operation: 'createPet',
      method: 'POST',
      body: '{"name":"a1000","categoryId":1000}',
    })
    expect(exchange.request.body).toBe('{"name":"a1000","categoryId":1000}')
    expect(exchange.response?.body).toBe('{"id":10000,"name":"a1000","categoryId":1000}')
    expect(exchange.response?.headers['x-ratelimit-limit']).toBe('10000')
    expect(exchange.response?.headers['x-ratelimit-remaining']).toBe('1000')
  })

  it('honours Retry-After on an unrequested 429, then retries', async () => {
    const { client, sleeps } = setup([{ status: 429, headers: { 'retry-after': '7' } }, {}])
    const exchange = await client.send(listPets)
    expect(exchange.response?.status).toBe(200)
    expect(sleeps).toEqual([7000])
    expect(client.stats).toMatchObject({ requests: 2, unrequested429: 1, retries: 1 })
  })

  it('backs off exponentially without Retry-After and gives up after 3 retries', async () => {
    const limited = { status: 429, headers: { 'x-ratelimit-remaining': '1' } }
    const { client, sleeps } = setup([limited, limited, limited, limited, {}])
    const exchange = await client.send(listPets)
    expect(exchange.response?.status).toBe(429)
    expect(sleeps).toEqual([1000, 2000, 4000])
  })

  it('does not retry a 429 the probe asked for', async () => {
    const { client, sleeps } = setup([{ status: 429, headers: { 'retry-after': '1' } }])
    const exchange = await client.send({ ...listPets, expect429: true, pace: false })
    expect(exchange.response?.status).toBe(429)
    expect(sleeps).toEqual([])
    expect(client.stats.unrequested429).toBe(0)
  })

  it('stops when Retry-After exceeds the cap (a ban)', async () => {
    const { client } = setup([{ status: 429, headers: { 'retry-after': '300' } }])
    await expect(client.send(listPets)).rejects.toBeInstanceOf(WaitTooLongError)
  })

  it('spends no more than the budget', async () => {
    const { client } = setup([], 2)
    await client.send(listPets)
    await client.send(listPets)
    await expect(client.send(listPets)).rejects.toBeInstanceOf(BudgetExhaustedError)
  })

  it('records a transport error, and gives up after three in a row', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })
    const { client } = setup([refused, refused, refused])
    expect((await client.send(listPets)).error).toBe('connection refused')
    await client.send(listPets)
    await expect(client.send(listPets)).rejects.toBeInstanceOf(ServerUnreachableError)
  })

  it('writes a non-Bearer scheme with the key redacted', async () => {
    const { client, sent } = setup([{ status: 401 }])
    const exchange = await client.send({ ...listPets, auth: 'Token $PETSTORE_API_KEY' })
    expect(sent[0]?.headers.Authorization).toBe('Token sk_secret_key')
    expect(exchange.request.headers.Authorization).toBe('Token $PETSTORE_API_KEY')
    expect(exchange.credential).toBe('invalid')
  })

  it('sends the other key for `other`, recorded as its placeholder', async () => {
    const { client, sent } = setup([{ status: 401 }], 100, {
      token: 'sk_ref',
      otherToken: 'sk_ref_other',
    })
    const exchange = await client.send({ ...listPets, auth: 'other' })
    expect(sent[0]?.headers.Authorization).toBe('Bearer sk_ref_other')
    expect(exchange.request.headers.Authorization).toBe('Bearer $PETSTORE_OTHER_API_KEY')
    expect(exchange.credential).toBe('other')
  })
})
