import { matchPath } from '../../base/http/router.ts'
import {
  DEPRECATION_HEADER_NAMES,
  RATE_LIMIT_HEADER_NAMES,
  RETRY_AFTER_NAME,
} from '../../spec/headers.ts'
import { routeOf } from '../../spec/routes.ts'
import type { JournalEntry } from '../journal/journal-entry.ts'
import { cellOf } from './coverage-model.ts'
import type { CoverageReport } from './create-coverage.ts'

/** The query parameters that force an answer: the provider state does that in a contract. */
const FORCING_QUERY = new Set(['__code', '__delay'])

/** Whole seconds, as the rate-limit headers and `Retry-After` carry them. */
const SECONDS = { match: 'regex', regex: '^\\d+$' }

/**
 * One Pact v4 interaction (`Synchronous/HTTP`), as `toPact` writes it.
 *
 * @example
 * const interaction: PactInteraction = toPact(report, entries, names).interactions[0]
 */
export interface PactInteraction {
  type: 'Synchronous/HTTP'
  key: string
  description: string
  providerStates: Array<{ name: string; params: Record<string, string> }>
  request: {
    method: string
    path: string
    query?: Record<string, Array<string>>
    headers?: Record<string, Array<string>>
    body?: { content: unknown; contentType: string; encoded: false }
  }
  response: {
    status: number
    headers: Record<string, Array<string>>
    body?: { content: unknown; contentType: string; encoded: false }
    matchingRules: Record<string, unknown>
  }
}

/**
 * A Pact v4 file: the consumer, the provider and the interactions.
 *
 * @example
 * const pact: PactFile = toPact(report, entries, { consumer: 'web', provider: 'pets' })
 */
export interface PactFile {
  consumer: { name: string }
  provider: { name: string }
  interactions: Array<PactInteraction>
  metadata: { pactSpecification: { version: '4.0' }; petstoreMock: { cells: number } }
}

/**
 * What the app exercised, as a Pact v4 contract: one interaction per met
 * cell, made from the last journaled request that met it (a cell whose
 * request the journal no longer holds is left out). Its provider state is
 * the cell's (`the key is rate limited`, `pet 1001 does not exist`), with the
 * cell's id in `params`, so that the mock's `POST /__mock/provider-states`
 * can set it up. The query and JSON bodies are kept; keys are never written
 * (no `Authorization`, no `Prefer`, no `__code`): the verifier adds its own
 * key. Response bodies match by type, the rate-limit headers by pattern.
 *
 * @example
 * const pact = toPact(petstore.coverage(), petstore.requests(), { consumer: 'web', provider: 'pets' })
 */
export function toPact(
  report: Pick<CoverageReport, 'cells'>,
  entries: ReadonlyArray<JournalEntry>,
  names: { consumer: string; provider: string },
): PactFile {
  const byId = new Map(entries.map((entry) => [entry.id, entry]))
  const interactions: Array<PactInteraction> = []
  for (const row of report.cells) {
    const cell = cellOf(row.id)
    const entry = row.lastRequestId === null ? undefined : byId.get(row.lastRequestId)
    if (cell === undefined || entry === undefined || entry.bodyTruncated) continue
    const route = routeOf(cell.operation)
    const params: Record<string, string> = {
      cell: cell.id,
      ...(matchPath(route.path)(entry.path) ?? {}),
    }
    const name =
      cell.id === 'getPet:404:not-found'
        ? `pet ${params.petId ?? ''} does not exist`
        : cell.providerState
    interactions.push({
      type: 'Synchronous/HTTP',
      key: cell.id,
      description: `${route.method} ${route.path}: ${cell.label}`,
      providerStates: [{ name, params }],
      request: requestOf(entry),
      response: responseOf(entry, cell.status, cell.state === 'deprecated'),
    })
  }
  return {
    consumer: { name: names.consumer },
    provider: { name: names.provider },
    interactions,
    metadata: {
      pactSpecification: { version: '4.0' },
      petstoreMock: { cells: interactions.length },
    },
  }
}

function requestOf(entry: JournalEntry): PactInteraction['request'] {
  const query: Record<string, Array<string>> = {}
  for (const [name, value] of Object.entries(entry.query)) {
    if (!FORCING_QUERY.has(name)) query[name] = typeof value === 'string' ? [value] : [...value]
  }
  const request: PactInteraction['request'] = { method: entry.method, path: entry.path }
  if (Object.keys(query).length > 0) request.query = query
  const contentType = entry.headers['content-type']
  if (entry.body !== null) {
    request.headers = contentType === undefined ? {} : { 'Content-Type': [contentType] }
    request.body = {
      content: jsonOrText(entry.body),
      contentType: contentType ?? 'application/json',
      encoded: false,
    }
  }
  return request
}

function responseOf(
  entry: JournalEntry,
  status: number,
  deprecated: boolean,
): PactInteraction['response'] {
  const headers: Record<string, Array<string>> = { 'Content-Type': ['application/json'] }
  const headerRules: Record<string, unknown> = {}
  if (deprecated) {
    for (const name of [DEPRECATION_HEADER_NAMES.deprecation, DEPRECATION_HEADER_NAMES.sunset]) {
      const value = entry.response.headers[name.toLowerCase()]
      if (value !== undefined) headers[name] = [value]
    }
  }
  if (status === 429) {
    for (const name of [
      RETRY_AFTER_NAME,
      RATE_LIMIT_HEADER_NAMES.remaining,
      RATE_LIMIT_HEADER_NAMES.reset,
    ]) {
      const value = entry.response.headers[name.toLowerCase()]
      if (value === undefined) continue
      headers[name] = [value]
      headerRules[name] = { combine: 'AND', matchers: [SECONDS] }
    }
  }
  const response: PactInteraction['response'] = {
    status,
    headers,
    matchingRules: {
      ...(Object.keys(headerRules).length > 0 ? { header: headerRules } : {}),
      body: { $: { combine: 'AND', matchers: [{ match: 'type' }] } },
    },
  }
  const { body } = entry.response
  if (body !== null && !entry.response.bodyTruncated) {
    response.body = { content: jsonOrText(body), contentType: 'application/json', encoded: false }
  }
  return response
}

function jsonOrText(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}
