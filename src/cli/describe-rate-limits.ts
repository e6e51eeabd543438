import type { ApiKey } from '../core/plans/create-keyring.ts'
import { DAY_MS, MINUTE_MS } from '../core/plans/create-rate-limiter.ts'

/**
 * The rate-limit flags as the banner describes them.
 *
 * @example
 * const settings: RateLimitSettings = { enabled: true, scale: 10, banAfter: 10, banSeconds: 300 }
 */
export interface RateLimitSettings {
  enabled: boolean
  /** Windows and bans last `scale` times shorter. */
  scale: number
  banAfter: number
  banSeconds: number
}

/**
 * The banner's line on rate limiting: the real length of the windows under
 * `--rate-limit-scale`, whether 429s are sent, and the ban rule.
 *
 * @example
 * describeRateLimits({ enabled: true, scale: 10, banAfter: 10, banSeconds: 300 })
 * // 'on, windows of 6 s and 2.4 h (--rate-limit-scale 10); banned for 30 s at the 10th request after a 429'
 */
export function describeRateLimits(settings: RateLimitSettings): string {
  if (!settings.enabled) return 'off: never 429 (the X-RateLimit-* headers are still sent)'
  const windows =
    settings.scale === 1
      ? 'windows of 1 min and 1 day'
      : `windows of ${formatDuration(MINUTE_MS / settings.scale)} and ${formatDuration(DAY_MS / settings.scale)} (--rate-limit-scale ${settings.scale})`
  const ban =
    settings.banSeconds <= 0
      ? 'no bans'
      : settings.banAfter === 0
        ? `banned for ${formatDuration((settings.banSeconds * 1000) / settings.scale)} at the first request over a limit`
        : `banned for ${formatDuration((settings.banSeconds * 1000) / settings.scale)} at the ${ordinal(settings.banAfter)} request after a 429`
  return `on, ${windows}; ${ban}`
}

/**
 * A key's limits as they play out: per minute and per day, or per the
 * scaled window lengths.
 *
 * @example
 * describeKeyLimits({ perMinute: 60, perDay: 1000 }, 10) // '60/6 s, 1000/2.4 h'
 */
export function describeKeyLimits(
  key: Pick<ApiKey, 'perMinute' | 'perDay'>,
  scale: number,
): string {
  if (scale === 1) return `${key.perMinute}/min, ${key.perDay}/day`
  return `${key.perMinute}/${formatDuration(MINUTE_MS / scale)}, ${key.perDay}/${formatDuration(DAY_MS / scale)}`
}

/**
 * A duration in ms in the largest unit that keeps it readable.
 *
 * @example
 * formatDuration(6_000) // '6 s'
 */
export function formatDuration(ms: number): string {
  const units: Array<[string, number]> = [
    ['d', DAY_MS],
    ['h', 3_600_000],
    ['min', MINUTE_MS],
    ['s', 1_000],
  ]
  for (const [unit, size] of units) {
    if (ms >= size) return `${round(ms / size)} ${unit}`
  }
  return `${round(ms)} ms`
}

function round(value: number): string {
  return String(Math.round(value * 10) / 10)
}

function ordinal(n: number): string {
  const tens = n % 100
  const suffix = tens >= 11 && tens <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] ?? 'th')
  return `${n}${suffix}`
}
