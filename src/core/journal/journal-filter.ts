import { HTTP_METHOD } from '../../base/http/router.ts'
import { ApiError } from '../../errors/api-error.ts'
import { clip } from '../../utils/clip.ts'
import { nameRecord } from '../../utils/name-record.ts'
import { describeRule, followsRule } from '../../utils/number-rule.ts'
import type { JournalEntry } from './journal-entry.ts'

/**
 * Which journal entries to read: `GET /__mock/requests?…`, `petstore.requests(…)`,
 * `waitForRequest(…)` and the events stream take the same filter.
 *
 * @example
 * const filter: JournalFilter = { method: 'GET', path: '/v1/pets/{petId}', status: '4xx', limit: 10 }
 */
export interface JournalFilter {
  /** `GET`, `POST`, … (any case). */
  method?: string
  /** A path (`/v1/pets/7`) or a route template (`/v1/pets/{petId}`). */
  path?: string
  /** A status (`429`) or a class (`'4xx'`). */
  status?: number | string
  /** Only entries after this entry id. */
  since?: number
  /**
   * At most this many entries: the first ones after `since` when it is given,
   * else the newest ones. Either way in order, oldest first.
   */
  limit?: number
  /** `true` (`violations=1`): only exchanges that broke a rule of the spec; `false`: only the others. */
  violations?: boolean | string | number
  /** Only what the mock (`'mock'`) or the upstream behind `--proxy` (`'upstream'`) answered. */
  answeredBy?: 'mock' | 'upstream'
}

/**
 * The filter after checking: what `matchesFilter` reads.
 *
 * @example
 * const checked: CheckedFilter = readJournalFilter({ status: '4xx' }, 1000) // { statusClass: 4 }
 */
export interface CheckedFilter {
  method?: string
  path?: string
  status?: number
  /** A status class: 4 for `4xx`. */
  statusClass?: number
  since?: number
  limit?: number
  violations?: boolean
  answeredBy?: 'mock' | 'upstream'
}

const NAMES = ['method', 'path', 'status', 'since', 'limit', 'violations', 'answeredBy']

/**
 * Checks a filter given as an object or as query parameters; a bad one is a
 * 400 `invalid_request` naming the field.
 *
 * @example
 * readJournalFilter(new URLSearchParams('status=4xx&limit=5'), 1000) // { statusClass: 4, limit: 5 }
 */
export function readJournalFilter(
  input: JournalFilter | URLSearchParams | undefined,
  maxLimit: number,
): CheckedFilter {
  // The last of a repeated query parameter counts.
  const fields: object = input instanceof URLSearchParams ? nameRecord(input) : (input ?? {})
  const checked: CheckedFilter = {}
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue
    const text = String(value)
    switch (name) {
      case 'method':
        if (!HTTP_METHOD.test(text)) throw invalid(name, 'an HTTP method such as GET', text)
        checked.method = text.toUpperCase()
        break
      case 'path':
        if (!/^\/\S{0,2047}$/.test(text)) throw invalid(name, 'a path starting with /', text)
        checked.path = text
        break
      case 'status':
        if (/^[1-5]xx$/i.test(text)) checked.statusClass = Number(text[0])
        else if (/^[1-5]\d\d$/.test(text)) checked.status = Number(text)
        else throw invalid(name, 'a status such as 429 or a class such as 4xx', text)
        break
      case 'since':
        checked.since = wholeNumber(name, text, 0, Number.MAX_SAFE_INTEGER)
        break
      case 'limit':
        checked.limit = wholeNumber(name, text, 1, Math.max(1, maxLimit))
        break
      case 'violations':
        if (/^(1|true)$/i.test(text)) checked.violations = true
        else if (/^(0|false)$/i.test(text)) checked.violations = false
        else throw invalid(name, '1 (true) or 0 (false)', text)
        break
      case 'answeredBy':
        if (text !== 'mock' && text !== 'upstream') throw invalid(name, 'mock or upstream', text)
        checked.answeredBy = text
        break
      default:
        throw new ApiError(
          'invalid_request',
          `"${clip(name)}" is not a journal filter; use ${NAMES.join(', ')}.`,
        )
    }
  }
  return checked
}

/**
 * Tells whether an entry passes a checked filter: every field but `limit`,
 * which its caller applies to the entries that pass.
 *
 * @example
 * matchesFilter(entry, { path: '/v1/pets/{petId}', statusClass: 4 })
 */
export function matchesFilter(entry: JournalEntry, filter: CheckedFilter): boolean {
  if (filter.since !== undefined && entry.id <= filter.since) return false
  if (filter.method !== undefined && entry.method !== filter.method) return false
  if (filter.path !== undefined && entry.path !== filter.path && entry.route !== filter.path) {
    return false
  }
  if (filter.status !== undefined && entry.status !== filter.status) return false
  if (filter.statusClass !== undefined && Math.floor(entry.status / 100) !== filter.statusClass) {
    return false
  }
  if (filter.violations !== undefined && entry.violations.length > 0 !== filter.violations) {
    return false
  }
  if (filter.answeredBy !== undefined && entry.answeredBy !== filter.answeredBy) return false
  return true
}

/** A filter's whole number, written in digits, by the rule every whole-number option follows. */
function wholeNumber(name: string, text: string, min: number, max: number): number {
  const rule = { min, max, whole: true }
  const value = /^\d{1,16}$/.test(text) ? Number(text) : Number.NaN
  if (followsRule(value, rule)) return value
  throw refused(name, describeRule(rule), text)
}

function invalid(name: string, rule: string, value: string): ApiError {
  return refused(name, `must be ${rule}`, value)
}

function refused(name: string, problem: string, value: string): ApiError {
  return new ApiError(
    'invalid_request',
    `Journal filter "${name}" ${problem}, got "${clip(value)}".`,
  )
}
