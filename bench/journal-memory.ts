/**
 * Memory held per journal entry: the heap of a full journal against the same
 * process with an empty one (garbage collected before each reading), for two
 * kinds of request: a `GET /v1/pets?limit=3` as a browser sends it, and a
 * `POST /v1/pets` with a small JSON body. Entries are made by the journal
 * itself from the request as the node:http transport presents it.
 *
 * @example
 * node --expose-gc bench/journal-memory.ts
 * node --expose-gc bench/journal-memory.ts --entries 100000 --json
 */

import { LIMITS } from '../src/base/options/defaults.ts'
import { createJournal } from '../src/core/journal/create-journal.ts'
import { readBenchFlags } from './read-bench-flags.ts'

const options = readBenchFlags('node --expose-gc bench/journal-memory.ts', {
  entries: {
    default: 10_000,
    min: 100,
    max: LIMITS.maxJournalSize,
    whole: true,
    describe: 'entries',
  },
})
const collect = (globalThis as { gc?: () => void }).gc
if (collect === undefined) {
  process.stderr.write('[petstore-mock] Failed to measure: run node with --expose-gc.\n')
  process.exit(2)
}

/** Headers as the node:http transport reads them (a browser's usual set). */
function headers(extra: Record<string, string>) {
  const all: Record<string, string> = {
    host: '127.0.0.1:4010',
    authorization: 'Bearer sk_test_free',
    accept: '*/*',
    'accept-language': 'en-US,en;q=0.9',
    origin: 'http://localhost:5173',
    referer: 'http://localhost:5173/',
    'user-agent':
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    ...extra,
  }
  // Fresh strings per request, as the transport parses them from each socket.
  const own = JSON.parse(JSON.stringify(all)) as Record<string, string>
  return { get: (name: string) => own[name] ?? null }
}

/** The answer's headers and body as the mock makes them: fresh per request. */
function response(body: string) {
  return {
    headers: {
      'content-type': 'application/json',
      'x-ratelimit-limit': '60',
      'x-ratelimit-remaining': '59',
      'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) + 60),
      'access-control-allow-origin': 'http://localhost:5173',
    },
    body: `${body}`,
  }
}

const kinds = {
  'GET /v1/pets?limit=3': (i: number) => ({
    method: 'GET',
    path: '/v1/pets',
    query: new URLSearchParams(`limit=3&offset=${i % 100}`),
    rawQuery: `limit=3&offset=${i % 100}`,
    headers: headers({}),
    body: null,
    status: 200,
    code: null,
    response: response(
      JSON.stringify(
        [0, 1, 2].map((n) => ({
          id: i + n,
          name: `Pet ${i + n}`,
          categoryId: 1,
          status: 'available',
        })),
      ),
    ),
  }),
  'POST /v1/pets (JSON body)': (i: number) => ({
    method: 'POST',
    path: '/v1/pets',
    query: new URLSearchParams(),
    rawQuery: '',
    headers: headers({ 'content-type': 'application/json', 'content-length': '52' }),
    body: new TextEncoder().encode(`{"name":"Rex ${i}","categoryId":1,"status":"available"}`),
    status: 201,
    code: null,
    response: response(
      JSON.stringify({ id: i, name: `Rex ${i}`, categoryId: 1, status: 'available' }),
    ),
  }),
}

function heap(): number {
  collect?.()
  collect?.()
  return process.memoryUsage().heapUsed
}

const results: Array<{ kind: string; entries: number; bytesPerEntry: number }> = []
for (const [kind, make] of Object.entries(kinds)) {
  const journal = createJournal({ size: options.entries })
  const before = heap()
  // Each request is made, journaled and dropped, as a server does: what stays is what the entry holds.
  for (let i = 0; i < options.entries; i++) {
    journal.record({
      ...make(i),
      startedAt: Date.now(),
      durationMs: 0.3,
      route: '/v1/pets',
      forced: null,
      plan: 'free',
      answeredBy: 'mock',
      violations: [],
    })
  }
  const after = heap()
  // Kept alive until measured.
  if (journal.stats().size !== options.entries) throw new Error('the journal lost entries')
  results.push({
    kind,
    entries: options.entries,
    bytesPerEntry: Math.round((after - before) / options.entries),
  })
}

if (options.json) process.stdout.write(`${JSON.stringify(results, null, 2)}\n`)
else {
  for (const result of results) {
    process.stdout.write(
      `${result.kind.padEnd(28)} ${result.bytesPerEntry} bytes per entry (${result.entries} entries)\n`,
    )
  }
}
