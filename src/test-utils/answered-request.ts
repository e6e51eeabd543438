import type { AnsweredRequest } from '../base/http/types.ts'

/**
 * An answered request for journal tests: a 200 to `GET /v1/pets` of a Free
 * key at 2026-01-01T00:00:00Z, with `overrides` on top.
 *
 * @example
 * journal.record(answeredRequest({ status: 404 }))
 */
export function answeredRequest(overrides: Partial<AnsweredRequest> = {}): AnsweredRequest {
  return {
    method: 'GET',
    path: '/v1/pets',
    query: new URLSearchParams(),
    headers: new Headers(),
    body: null,
    startedAt: Date.UTC(2026, 0, 1),
    durationMs: 0.25,
    status: 200,
    route: '/v1/pets',
    code: null,
    forced: null,
    plan: 'free',
    answeredBy: 'mock',
    violations: [],
    response: { headers: { 'content-type': 'application/json' }, body: '[]' },
    ...overrides,
  }
}
