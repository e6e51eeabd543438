import { ApiError } from '../../errors/api-error.ts'
import { clip } from '../../utils/clip.ts'
import { type ClassifiedAnswer, classifyAnswer } from './classify-answer.ts'
import { type CoverageCell, coverageCells } from './coverage-model.ts'

/** The version of the coverage report's shape (`GET /__mock/coverage`). */
export const COVERAGE_VERSION = 1

/**
 * The request header that names a session: coverage is also kept per label.
 *
 * @example
 * fetch('/v1/pets', { headers: { [SESSION_HEADER]: 'checkout-test' } })
 */
export const SESSION_HEADER = 'x-petstore-session'

/**
 * Why no coverage can be read: the one reason both the control API's 404
 * and the in-process `coverage()` give.
 *
 * @example
 * NOT_COUNTED // 'it is counted only with the control API on (off with --no-admin, option admin: false) and not turned off (--no-coverage, option coverage: false)'
 */
export const NOT_COUNTED =
  'it is counted only with the control API on (off with --no-admin, option admin: false) and not turned off (--no-coverage, option coverage: false)'

/** At most this many session labels are kept; past it the one used least lately is dropped. */
export const MAX_COVERAGE_SESSIONS = 100

/** A session label is 1 to this many characters. */
export const MAX_SESSION_LABEL = 128

/** What a session label is: printable ASCII without leading or trailing spaces. */
const SESSION_LABEL = new RegExp(`^[!-~](?:[ -~]{0,${MAX_SESSION_LABEL - 2}}[!-~])?$`)

/**
 * Why a session label is refused, or `undefined` when it is one.
 *
 * @example
 * sessionLabelProblem('checkout') // undefined
 */
export function sessionLabelProblem(label: string): string | undefined {
  return SESSION_LABEL.test(label)
    ? undefined
    : `must be 1 to ${MAX_SESSION_LABEL} printable ASCII characters, not starting or ending with a space`
}

/**
 * One cell as the coverage report shows it: the model's cell and how often it was met.
 *
 * @example
 * const [row]: Array<CoverageRow> = petstore.coverage().cells
 * row?.met // 0
 */
export interface CoverageRow {
  id: string
  operation: string
  status: number
  state: string
  label: string
  /** The request a forced answer of the cell waits for, e.g. `GET /v1/pets`. */
  request: string
  /** How many answers met the cell. */
  met: number
  /** The journal id of the last request that met it, or `null`. */
  lastRequestId: number | null
}

/**
 * What `GET /__mock/coverage` and `petstore.coverage()` return.
 *
 * @example
 * const report: CoverageReport = petstore.coverage({ session: 'checkout' })
 * report.cells.filter((cell) => cell.met === 0).map((cell) => cell.id)
 */
export interface CoverageReport {
  version: typeof COVERAGE_VERSION
  /** The session the report is scoped to, or `null` for every request. */
  session: string | null
  cells: Array<CoverageRow>
  /** Requests that matched no operation of the spec. */
  outside: number
  /** Answers of an operation with a status its document does not list. */
  undocumented: number
  /** The session labels seen since the last reset, least lately used first. */
  sessions: Array<string>
  /**
   * How many times the coverage was reset since the mock started: a reader
   * that sees it change knows the counts started over (`writeCoverage`).
   */
  resets: number
}

/**
 * Which coverage to report: every request's, or one session's.
 *
 * @example
 * const filter: CoverageFilter = { session: 'checkout' }
 */
export interface CoverageFilter {
  session?: string
}

/** The counts of one scope (everything, or one session). */
interface Tally {
  met: Map<string, number>
  last: Map<string, number>
  outside: number
  undocumented: number
}

const newTally = (): Tally => ({ met: new Map(), last: new Map(), outside: 0, undocumented: 0 })

/**
 * Traffic coverage: which cells the answers met since the last reset, in all
 * and per session label.
 *
 * @example
 * const coverage: Coverage = createCoverage()
 * coverage.count(answered, 7)
 */
export interface Coverage {
  /** Counts one answered request, journaled under `requestId`. */
  count(answer: ClassifiedAnswer, requestId: number): void
  /** The report; a bad filter throws a 400 `ApiError`. */
  report(filter?: CoverageFilter): CoverageReport
  clear(): void
}

/**
 * Creates the coverage counter. Memory is bounded: one count per cell for
 * everything and for each of at most `MAX_COVERAGE_SESSIONS` sessions.
 *
 * @example
 * const coverage = createCoverage()
 * coverage.report().cells.length // every cell, none met
 */
export function createCoverage(): Coverage {
  let all = newTally()
  let sessions = new Map<string, Tally>()
  let resets = 0

  const tallyOf = (label: string | null): Tally | undefined => {
    if (label === null || sessionLabelProblem(label) !== undefined) return undefined
    let tally = sessions.get(label)
    if (tally === undefined) {
      if (sessions.size >= MAX_COVERAGE_SESSIONS) {
        const [oldest] = sessions.keys()
        if (oldest !== undefined) sessions.delete(oldest)
      }
      tally = newTally()
    } else {
      sessions.delete(label)
    }
    // Kept in the order of last use: the first is the one to drop.
    sessions.set(label, tally)
    return tally
  }

  return {
    count(answer, requestId) {
      const where = classifyAnswer(answer)
      if (where.kind === 'ignored') return
      const session = tallyOf(answer.headers.get(SESSION_HEADER))
      for (const tally of session === undefined ? [all] : [all, session]) {
        if (where.kind === 'outside') tally.outside++
        else if (where.kind === 'undocumented') tally.undocumented++
        else {
          for (const cell of where.cells) {
            tally.met.set(cell, (tally.met.get(cell) ?? 0) + 1)
            tally.last.set(cell, requestId)
          }
        }
      }
    },
    report(filter = {}) {
      const label = readSession(filter)
      const tally = label === undefined ? all : (sessions.get(label) ?? newTally())
      return {
        version: COVERAGE_VERSION,
        session: label ?? null,
        cells: coverageCells().map((cell) => rowOf(cell, tally)),
        outside: tally.outside,
        undocumented: tally.undocumented,
        sessions: [...sessions.keys()],
        resets,
      }
    },
    clear() {
      all = newTally()
      sessions = new Map()
      resets++
    },
  }
}

function rowOf(cell: CoverageCell, tally: Tally): CoverageRow {
  const { id, operation, status, state, label, request } = cell
  return {
    id,
    operation,
    status,
    state,
    label,
    request,
    met: tally.met.get(id) ?? 0,
    lastRequestId: tally.last.get(id) ?? null,
  }
}

/** The session of a filter, checked: absent, or a label (else a 400). */
function readSession(filter: unknown): string | undefined {
  if (typeof filter !== 'object' || filter === null) {
    throw new ApiError(
      'invalid_request',
      'The coverage filter must be an object such as { "session": "checkout" }.',
    )
  }
  const { session } = filter as { session?: unknown }
  if (session === undefined) return undefined
  if (typeof session !== 'string') {
    throw new ApiError('invalid_request', 'Coverage filter "session" must be a string.')
  }
  const problem = sessionLabelProblem(session)
  if (problem !== undefined) {
    throw new ApiError(
      'invalid_request',
      `Coverage filter "session" ${problem}, got "${clip(session)}".`,
    )
  }
  return session
}
