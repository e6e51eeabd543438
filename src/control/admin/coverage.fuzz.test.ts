import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { withFetch } from '../../adapter/fetch/fetch-transport.ts'
import { createPetstoreCore } from '../../app/create-petstore-core.ts'
import { coverageCells } from '../../core/coverage/coverage-model.ts'
import { type CoverageReport, MAX_COVERAGE_SESSIONS } from '../../core/coverage/create-coverage.ts'
import { ErrorBody } from '../../spec/error-body.ts'

/**
 * Property: whatever a client sends as a session label (header or query),
 * a cell id (`__proto__`, `constructor`, ids of the right shape that name
 * no cell, random text) or a count, the coverage endpoints answer 200/201
 * with a report or a scenario, or a 400 with a well-formed Error body;
 * never a 5xx. Labels that are kept are kept apart, at most
 * `MAX_COVERAGE_SESSIONS` of them. Seeded and bounded.
 */

const SEED = 20_261_129
const HOSTILE = [...Object.getOwnPropertyNames(Object.prototype), '__proto__', 'prototype']
const CELL_IDS = coverageCells().map((cell) => cell.id)

const label = fc.oneof(
  fc.constantFrom(...HOSTILE, '', ' ', 'a '.repeat(80), 'checkout'),
  fc.string({ maxLength: 140 }),
  fc.stringMatching(/^[!-~]{1,130}$/),
)
const cellId = fc.oneof(
  fc.constantFrom(...HOSTILE, ...CELL_IDS),
  fc
    .tuple(fc.constantFrom('listPets', 'getPet', '__proto__'), fc.integer(), fc.string())
    .map(([operation, status, state]) => `${operation}:${status}:${state}`),
  fc.string(),
)
const anyJson = fc.oneof(fc.integer(), fc.double(), fc.string(), fc.constant(null), fc.boolean())

describe('the coverage endpoints under generated input', () => {
  it('answer a report or a well-formed 400 for any session label', async () => {
    const core = withFetch(createPetstoreCore({ seed: 2, pets: 5 }))
    await core.ready
    await fc.assert(
      fc.asyncProperty(label, async (session) => {
        const headers = new Headers({ authorization: 'Bearer sk_test_enterprise' })
        // A label Fetch refuses as a header value is only sent in the query.
        let sent = false
        try {
          headers.set('x-petstore-session', session)
          sent = true
        } catch {}
        const answer = await core.fetch(new Request('http://localhost/v1/pets/1', { headers }))
        expect(answer.status).toBe(200)
        const response = await core.fetch(
          new Request(`http://localhost/__mock/coverage?session=${encodeURIComponent(session)}`),
        )
        const body = (await response.json()) as CoverageReport | ErrorBody
        if (response.status === 400) {
          expect(ErrorBody.parse(body).status).toBe(400)
          return
        }
        expect(response.status).toBe(200)
        const report = body as CoverageReport
        expect(report.session).toBe(session)
        expect(report.cells).toHaveLength(CELL_IDS.length)
        if (sent && headers.get('x-petstore-session') === session) {
          expect(report.cells.find((cell) => cell.id === 'getPet:200:found')?.met).toBeGreaterThan(
            0,
          )
        }
      }),
      { seed: SEED, numRuns: 150 },
    )
    expect(core.coverage().sessions.length).toBeLessThanOrEqual(MAX_COVERAGE_SESSIONS)
  })

  it('arms a known cell or answers a well-formed 400 for any cell id and count', async () => {
    const core = withFetch(createPetstoreCore({ seed: 2, pets: 5 }))
    await core.ready
    await fc.assert(
      fc.asyncProperty(cellId, fc.option(anyJson, { nil: undefined }), async (cell, times) => {
        const response = await core.fetch(
          new Request('http://localhost/__mock/coverage/force', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(times === undefined ? { cell } : { cell, times }),
          }),
        )
        const body = await response.json()
        const known = CELL_IDS.includes(cell)
        const countable =
          times === undefined ||
          (Number.isInteger(times) && (times as number) >= 1 && (times as number) <= 10_000)
        if (known && countable) {
          expect(response.status).toBe(201)
          expect(body).toMatchObject({ cell, remaining: times ?? 1 })
          core.clearSimulations()
        } else {
          expect(response.status).toBe(400)
          expect(ErrorBody.parse(body).status).toBe(400)
        }
      }),
      { seed: SEED, numRuns: 300 },
    )
  })

  it('keeps at most MAX_COVERAGE_SESSIONS labels, the least lately used dropped first', async () => {
    const core = withFetch(createPetstoreCore({ seed: 2, pets: 5 }))
    await core.ready
    const send = (session: string) =>
      core.fetch(
        new Request('http://localhost/v1/pets', {
          headers: { authorization: 'Bearer sk_test_enterprise', 'x-petstore-session': session },
        }),
      )
    for (let index = 0; index <= MAX_COVERAGE_SESSIONS; index++) await send(`s${index}`)
    const { sessions } = core.coverage()
    expect(sessions).toHaveLength(MAX_COVERAGE_SESSIONS)
    expect(sessions[0]).toBe('s1')
    expect(core.coverage({ session: 's0' }).cells.every((cell) => cell.met === 0)).toBe(true)
    expect(core.coverage().cells.find((cell) => cell.id === 'listPets:200:last-page')?.met).toBe(
      MAX_COVERAGE_SESSIONS + 1,
    )
  })
})
