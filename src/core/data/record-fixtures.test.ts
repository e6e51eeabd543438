import { spawn } from 'node:child_process'
import { lstatSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { request } from 'undici'
import { afterEach, describe, expect, it } from 'vitest'
import { startReferenceServer } from '../../../conformance/test-utils/reference-server.ts'
import { startServer } from '../../adapter/node/start-server.ts'
import { ConfigError } from '../../errors/config-error.ts'
import { until } from '../../test-utils/process-tree.ts'
import { startRawServer } from '../../test-utils/raw-server.ts'
import { readJsonFile } from './read-json-file.ts'
import { createFixtureRecorder } from './record-fixtures.ts'

/** The mock's seeded categories, which every recording keeps. */
const SEEDED_CATEGORIES = [
  { id: 1, name: 'Dogs' },
  { id: 2, name: 'Cats' },
  { id: 3, name: 'Birds' },
  { id: 4, name: 'Fish' },
  { id: 5, name: 'Reptiles' },
  { id: 6, name: 'Small Mammals' },
]

const directory = mkdtempSync(join(tmpdir(), 'petstore-record-'))
const closers: Array<() => Promise<unknown>> = []
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close()
})

describe('--record FILE', () => {
  it('records what the upstream answers, and --fixtures FILE serves the same pets', async () => {
    const upstream = await startReferenceServer({
      seedPets: 5,
      tokens: ['sk_live_upstream_secret'],
    })
    closers.push(upstream.close)
    const file = join(directory, 'round-trip.json')
    const proxy = await startServer({ port: 0, proxy: upstream.baseUrl, record: file })
    const auth = { authorization: 'Bearer sk_live_upstream_secret' }
    const listed = await request(`${proxy.url}/v1/pets?limit=3`, { headers: auth })
    const firstThree = await listed.body.json()
    const created = await request(`${proxy.url}/v1/pets`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: '{"name":"Recorded","categoryId":2,"status":"pending"}',
    })
    const pet = (await created.body.json()) as { id: number }
    const again = await request(`${proxy.url}/v1/pets?limit=3`, { headers: auth })
    await again.body.dump()
    await proxy.close()

    const text = readFileSync(file, 'utf8')
    expect(text).not.toContain('sk_live')
    expect(text).not.toMatch(/authorization/i)
    const recorded = JSON.parse(text) as { pets: Array<{ id: number }>; categories: unknown }
    expect(recorded.pets.map((p) => p.id)).toEqual([1, 2, 3, pet.id])

    const replay = await startServer({ port: 0, fixtures: readJsonFile(file, 'load fixtures') })
    closers.push(() => replay.close())
    const served = await request(`${replay.url}/v1/pets?limit=3`, {
      headers: { authorization: 'Bearer sk_test_free' },
    })
    expect(await served.body.json()).toEqual(firstThree)
    const one = await request(`${replay.url}/v1/pets/${pet.id}`, {
      headers: { authorization: 'Bearer sk_test_free' },
    })
    expect(await one.body.json()).toEqual({
      id: pet.id,
      name: 'Recorded',
      categoryId: 2,
      status: 'pending',
    })
    // Only pets of category 1 and 2 were seen: a create the upstream accepted with another
    // seeded category is accepted from the recording too.
    expect(recorded.categories).toEqual(SEEDED_CATEGORIES)
    const createdAgain = await request(`${replay.url}/v1/pets`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk_test_free', 'content-type': 'application/json' },
      body: '{"name":"Tweety","categoryId":3}',
    })
    expect(createdAgain.statusCode).toBe(201)
    await createdAgain.body.dump()
  })

  it('records through a symbolic link into its target, the link kept', async () => {
    const target = join(directory, 'linked-target.json')
    const link = join(directory, 'linked.json')
    symlinkSync(target, link)
    const recorder = createFixtureRecorder(link)
    recorder.observe({
      operationId: 'getPet',
      status: 200,
      text: '{"id":7,"name":"Rex","categoryId":1}',
      complete: true,
    })
    await recorder.close()
    expect(lstatSync(link).isSymbolicLink()).toBe(true)
    expect(JSON.parse(readFileSync(target, 'utf8')).pets).toEqual([
      { id: 7, name: 'Rex', categoryId: 1 },
    ])
  })

  it('refuses at once a file whose folder does not exist', () => {
    expect(() => createFixtureRecorder(join(directory, 'missing', 'x.json'))).toThrow(
      /Failed to record to .*x\.json: its folder .*missing does not exist or is not writable\./,
    )
  })

  it('deduplicates by id, keeps only the schema fields, leaves out ids the mock cannot hold and orders without their pet', async () => {
    const file = join(directory, 'unit.json')
    const recorder = createFixtureRecorder(file)
    recorder.observe({
      operationId: 'listPets',
      status: 200,
      text: '[{"id":1,"name":"A","categoryId":1,"token":"sk_x"},{"id":9007199254740993,"name":"Big","categoryId":1},{"id":2,"name":"","categoryId":1}]',
      complete: true,
    })
    recorder.observe({
      operationId: 'getPet',
      status: 200,
      text: '{"id":1,"name":"A2","categoryId":42}',
      complete: true,
    })
    recorder.observe({
      operationId: 'getPet',
      status: 404,
      text: '{"id":3,"name":"C","categoryId":1}',
      complete: true,
    })
    recorder.observe({
      operationId: 'getPet',
      status: 200,
      text: '{"id":4,"name":"cut',
      complete: false,
    })
    recorder.observe({
      operationId: 'listOrders',
      status: 200,
      text: JSON.stringify([
        {
          id: 5,
          petId: 1,
          quantity: 1,
          shipDate: '2026-03-01T10:00:00.000Z',
          status: 'placed',
          complete: false,
        },
        {
          id: 6,
          petId: 77,
          quantity: 1,
          shipDate: '2026-03-01T10:00:00.000Z',
          status: 'placed',
          complete: false,
        },
      ]),
      complete: true,
    })
    await recorder.close()
    expect(recorder.counts()).toEqual({ pets: 1, orders: 2, skipped: 2 })
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      categories: [...SEEDED_CATEGORIES, { id: 42, name: 'Category 42' }],
      pets: [{ id: 1, name: 'A2', categoryId: 42 }],
      orders: [
        {
          id: 5,
          petId: 1,
          quantity: 1,
          shipDate: '2026-03-01T10:00:00.000Z',
          status: 'placed',
          complete: false,
        },
      ],
    })
  })

  it('writes no raw C1 or bidi control, and the file reads back the same names', async () => {
    const file = join(directory, 'controls.json')
    const recorder = createFixtureRecorder(file)
    const name = 'Rex\u202e\u2066 ok\u0085\u009b\u200e\u200f\u061c\u202a\u2069\u2028'
    recorder.observe({
      operationId: 'getPet',
      status: 200,
      text: JSON.stringify({ id: 7, name, categoryId: 1, status: 'available' }),
      complete: true,
    })
    await recorder.close()
    const text = readFileSync(file, 'utf8')
    expect(text).not.toMatch(/[\u0080-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/)
    expect(text).toContain('Rex\\u202e\\u2066 ok\\u0085')
    expect(JSON.parse(text).pets[0].name).toBe(name)
  })
})

describe('--record FILE onto a file that exists', () => {
  /** A proxy to an upstream that lists `pets`, recording to `file`; lists once, then stops. */
  async function recordRun(file: string, pets: Array<Record<string, unknown>>): Promise<void> {
    const upstream = await startRawServer((_req, res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(pets)),
    )
    try {
      const proxy = await startServer({ port: 0, proxy: `${upstream.url}/v1`, record: file })
      const listed = await request(`${proxy.url}/v1/pets`, {
        headers: { authorization: 'Bearer sk_test_free' },
      })
      expect(listed.statusCode).toBe(200)
      await listed.body.dump()
      await proxy.close()
    } finally {
      await upstream.close()
    }
  }

  it('adds to it by id: what the earlier run recorded stays, the same id takes the newer answer', async () => {
    const file = join(directory, 'two-runs.json')
    await recordRun(file, [
      { id: 1, name: 'Rex', categoryId: 1, status: 'available' },
      { id: 2, name: 'Tom', categoryId: 2 },
    ])
    await recordRun(file, [
      { id: 2, name: 'Tom II', categoryId: 2, status: 'sold' },
      { id: 3, name: 'Kit', categoryId: 9 },
    ])
    const recorded = JSON.parse(readFileSync(file, 'utf8')) as {
      pets: Array<{ id: number; name: string }>
      categories: Array<{ id: number }>
    }
    expect(recorded.pets).toEqual([
      { id: 1, name: 'Rex', categoryId: 1, status: 'available' },
      { id: 2, name: 'Tom II', categoryId: 2, status: 'sold' },
      { id: 3, name: 'Kit', categoryId: 9 },
    ])
    // The seeded six stay beside the ids the pets name.
    expect(recorded.categories.map((category) => category.id)).toEqual([1, 2, 3, 4, 5, 6, 9])
  })

  it('keeps the categories the file names, with their names', async () => {
    const file = join(directory, 'own-categories.json')
    writeFileSync(
      file,
      JSON.stringify({
        categories: [
          { id: 1, name: 'Hounds' },
          { id: 4, name: 'Unused' },
        ],
        pets: [{ id: 5, name: 'Rex', categoryId: 1 }],
      }),
    )
    await recordRun(file, [{ id: 6, name: 'Kit', categoryId: 1 }])
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({
      // The file's own names win over the seeded ones; the other seeded ids stay.
      categories: [
        { id: 1, name: 'Hounds' },
        { id: 2, name: 'Cats' },
        { id: 3, name: 'Birds' },
        { id: 4, name: 'Unused' },
        { id: 5, name: 'Reptiles' },
        { id: 6, name: 'Small Mammals' },
      ],
      pets: [
        { id: 5, name: 'Rex', categoryId: 1 },
        { id: 6, name: 'Kit', categoryId: 1 },
      ],
    })
  })

  it.each([
    ['not JSON', '{"pets": ['],
    ['not fixtures', '{"pets": [{"id": "one"}]}'],
    ['an unknown key', '{"animals": []}'],
  ])(
    'refuses to start on a file that is %s, naming the file, and leaves it as it was',
    async (_what, text) => {
      const file = join(directory, `malformed-${text.length}.json`)
      writeFileSync(file, text)
      const upstream = await startRawServer((_req, res) => res.end('[]'))
      closers.push(upstream.close)
      const started = startServer({ port: 0, proxy: `${upstream.url}/v1`, record: file })
      await expect(started).rejects.toThrow(ConfigError)
      await expect(started).rejects.toThrow(
        new RegExp(
          `^\\[petstore-mock\\] Failed to .*${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}`,
        ),
      )
      expect(readFileSync(file, 'utf8')).toBe(text)
    },
  )
})

describe('two petstore-mock processes recording to one file', () => {
  const BIN = resolve(import.meta.dirname, '../../../bin/petstore-mock.ts')
  const START_MS = 30_000

  /** `petstore-mock --proxy UPSTREAM --record FILE`, its output gathered. */
  function recordingMock(upstream: string, file: string) {
    const child = spawn(
      process.execPath,
      [BIN, '--port', '0', '--quiet', '--proxy', upstream, '--record', file],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    )
    let output = ''
    for (const stream of [child.stdout, child.stderr]) {
      stream.setEncoding('utf8').on('data', (chunk: string) => {
        output += chunk
      })
    }
    const exited = new Promise<number | null>((done) => child.once('exit', done))
    closers.push(async () => {
      child.kill('SIGKILL')
      await exited
    })
    return { child, exited, output: () => output }
  }

  async function listThrough(mock: ReturnType<typeof recordingMock>) {
    const url = await until(
      () => /listening on (\S+)/.exec(mock.output())?.[1],
      START_MS,
      mock.output,
    )
    const listed = await request(`${url}/v1/pets`, { headers: { authorization: 'Bearer sk_x' } })
    expect(listed.statusCode).toBe(200)
    await listed.body.dump()
  }

  it("the second is refused at start, naming the first; each run's records are kept", {
    timeout: 4 * START_MS,
  }, async () => {
    let answer = [{ id: 1, name: 'Seen by the first', categoryId: 1 }]
    const upstream = await startRawServer((_req, res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer)),
    )
    closers.push(upstream.close)
    const file = join(directory, 'two-processes.json')
    const first = recordingMock(`${upstream.url}/v1`, file)
    await listThrough(first)

    const second = recordingMock(`${upstream.url}/v1`, file)
    // Exits, or (wrongly) starts serving: either is seen within the bound.
    const outcome = await until(
      () => second.child.exitCode ?? (/listening on/.test(second.output()) ? 'serving' : undefined),
      START_MS,
      second.output,
    )
    expect(outcome, second.output()).toBe(1)
    expect(second.output()).toContain(
      `Failed to record to ${file}: ${file} is in use by process ${first.child.pid}`,
    )

    first.child.kill('SIGTERM')
    expect(await first.exited).toBe(0)
    answer = [{ id: 2, name: 'Seen by the second', categoryId: 1 }]
    const again = recordingMock(`${upstream.url}/v1`, file)
    await listThrough(again)
    again.child.kill('SIGTERM')
    expect(await again.exited).toBe(0)
    expect(JSON.parse(readFileSync(file, 'utf8')).pets).toEqual([
      { id: 1, name: 'Seen by the first', categoryId: 1 },
      { id: 2, name: 'Seen by the second', categoryId: 1 },
    ])
  })
})
