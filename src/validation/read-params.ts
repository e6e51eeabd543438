import { ApiError } from '../errors/api-error.ts'
import { clip } from '../errors/clip.ts'

/** Bounds of the `limit` parameter (spec §8). */
export const LIMIT = { min: 1, max: 100, default: 20 } as const

const INTEGER = /^-?\d+$/
const INT64_MIN = -(2n ** 63n)
const INT64_MAX = 2n ** 63n - 1n

/**
 * Reads `limit`: an integer from 1 to 100, 20 when absent.
 *
 * @example
 * readLimit(new URLSearchParams('limit=5')) // 5
 */
export function readLimit(query: URLSearchParams): number {
  const raw = query.get('limit')
  if (raw === null) return LIMIT.default
  const value = INTEGER.test(raw) && raw.length <= 16 ? Number(raw) : Number.NaN
  if (!Number.isInteger(value) || value < LIMIT.min || value > LIMIT.max) {
    throw new ApiError(
      'invalid_request',
      `Query parameter "limit" must be an integer from ${LIMIT.min} to ${LIMIT.max}, got "${clip(raw)}".`,
    )
  }
  return value
}

/**
 * Reads an optional enumerated filter such as `status`.
 *
 * @example
 * readEnum(new URLSearchParams('status=sold'), 'status', ['available', 'pending', 'sold']) // 'sold'
 */
export function readEnum<T extends string>(
  query: URLSearchParams,
  name: string,
  values: ReadonlyArray<T>,
): T | undefined {
  const raw = query.get(name)
  if (raw === null) return undefined
  if (!(values as ReadonlyArray<string>).includes(raw)) {
    throw new ApiError(
      'invalid_request',
      `Query parameter "${name}" must be one of ${values.join(', ')}, got "${clip(raw)}".`,
    )
  }
  return raw as T
}

/**
 * Reads an int64 path parameter. Returns `undefined` for an int64 that no
 * record can have (beyond what JavaScript represents exactly).
 *
 * @example
 * readInt64Param('42', 'petId') // 42
 */
export function readInt64Param(raw: string, name: string): number | undefined {
  const decoded = safeDecode(raw)
  const valid = INTEGER.test(decoded) && decoded.length <= 21
  const big = valid ? BigInt(decoded) : undefined
  if (big === undefined || big < INT64_MIN || big > INT64_MAX) {
    throw new ApiError(
      'invalid_request',
      `Path parameter "${name}" must be an int64 integer, got "${clip(decoded)}".`,
    )
  }
  const value = Number(big)
  return Number.isSafeInteger(value) ? value : undefined
}

function safeDecode(raw: string): string {
  try {
    return decodeURIComponent(raw)
  } catch {
    return raw
  }
}
