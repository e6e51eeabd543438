import { formatMessage } from '../../src/errors/format-message.ts'
import { PetstoreError } from '../../src/errors/petstore-error.ts'

/** The prefix of every message of the conformance kit. */
export const KIT_PREFIX = '[petstore-conformance]'

/**
 * The stable codes of the kit's errors and stop reasons. docs/conformance.md
 * lists them (conformance/run/docs.test.ts).
 */
export const KIT_CODES = {
  usage: 'ERR_PETSTORE_CONFORMANCE_USAGE',
  reportPath: 'ERR_PETSTORE_CONFORMANCE_REPORT_PATH',
  reportWrite: 'ERR_PETSTORE_CONFORMANCE_REPORT_WRITE',
  unreachable: 'ERR_PETSTORE_CONFORMANCE_UNREACHABLE',
  keyRejected: 'ERR_PETSTORE_CONFORMANCE_KEY_REJECTED',
  apiNotFound: 'ERR_PETSTORE_CONFORMANCE_API_NOT_FOUND',
  serverGone: 'ERR_PETSTORE_CONFORMANCE_SERVER_GONE',
  maxDuration: 'ERR_PETSTORE_CONFORMANCE_MAX_DURATION',
  waitTooLong: 'ERR_PETSTORE_CONFORMANCE_WAIT_TOO_LONG',
  budget: 'ERR_PETSTORE_CONFORMANCE_BUDGET',
  internal: 'ERR_PETSTORE_CONFORMANCE_INTERNAL',
} as const

/** Why a run stopped before every selected check ran (a key of {@link KIT_CODES}). */
export type StopReason = Exclude<keyof typeof KIT_CODES, 'reportWrite'>

const SETUP_STOPS: ReadonlySet<StopReason> = new Set(['unreachable', 'keyRejected', 'apiNotFound'])

/**
 * Whether a stop is a configuration error found by the pre-flight request
 * (the base URL unreachable or without the API, the key rejected): no check
 * ran, nothing the server answered is judged, and the console shows the
 * message with its hint, not the table of checks.
 *
 * @example
 * isSetupStop('apiNotFound') // true
 * isSetupStop('maxDuration') // false
 */
export function isSetupStop(reason: StopReason): boolean {
  return SETUP_STOPS.has(reason)
}

/**
 * Shapes a kit message: `[petstore-conformance] Failed to <action>: <reason>.`
 *
 * @example
 * kitMessage('reach http://127.0.0.1:4010/v1/pets', 'connection refused')
 * // '[petstore-conformance] Failed to reach http://127.0.0.1:4010/v1/pets: connection refused.'
 */
export function kitMessage(action: string, reason: string): string {
  return formatMessage(action, reason, KIT_PREFIX)
}

/**
 * A kit message that reports a state, not a failure: `[petstore-conformance] <text>`.
 *
 * @example
 * kitNote('the key: pacing by the X-RateLimit-Remaining and X-RateLimit-Reset headers')
 */
export function kitNote(text: string): string {
  return `${KIT_PREFIX} ${text}`
}

/** A stable code of the kit. */
export type KitCode = (typeof KIT_CODES)[keyof typeof KIT_CODES]

/**
 * The base of the kit's errors (a {@link PetstoreError}): a {@link kitMessage}
 * and a stable code.
 *
 * @example
 * throw new ConformanceError('maxDuration', 'wait 60 s', 'only 12 s of --max-duration 30 s are left')
 */
export class ConformanceError extends PetstoreError<KitCode> {
  override name = 'ConformanceError'
  readonly reason: StopReason | 'reportWrite'
  /** The reason alone, without prefix and action (for closing lines). */
  readonly detail: string

  constructor(reason: StopReason | 'reportWrite', action: string, detail: string) {
    super(KIT_CODES[reason], kitMessage(action, detail))
    this.reason = reason
    this.detail = detail.replace(/\.+$/, '')
  }
}
