import type { z } from 'zod'
import { ApiError } from '../../errors/api-error.ts'
import { INT64_RULE, parseInt64 } from '../../spec/int64.ts'
import { LIST_LIMIT } from '../../spec/limits.ts'
import { LimitParam } from '../../spec/params.ts'
import { clip } from '../../utils/clip.ts'

/** At most this many digits are read as a number (larger would lose digits anyway). */
const INTEGER = /^-?\d{1,16}$/

/**
 * Reads `limit` by its schema (`LimitParam`): an integer from 1 to 100, 20 when absent.
 *
 * @example
 * readLimit(new URLSearchParams('limit=5')) // 5
 */
export function readLimit(query: URLSearchParams): number {
  const raw = query.get('limit')
  const result = LimitParam.safeParse(
    raw === null ? undefined : INTEGER.test(raw) ? Number(raw) : Number.NaN,
  )
  if (!result.success) {
    throw new ApiError(
      'invalid_request',
      `Query parameter "limit" must be an integer from ${LIST_LIMIT.min} to ${LIST_LIMIT.max}, got "${clip(raw ?? '')}".`,
    )
  }
  return result.data
}

/**
 * Reads an optional enumerated filter such as `status`, by its schema.
 *
 * @example
 * readEnum(new URLSearchParams('status=sold'), 'status', PetStatus) // 'sold'
 */
export function readEnum<T extends string>(
  query: URLSearchParams,
  name: string,
  schema: z.ZodEnum<{ [K in T]: K }>,
): T | undefined {
  const raw = query.get(name)
  if (raw === null) return undefined
  const result = schema.safeParse(raw)
  if (!result.success) {
    throw new ApiError(
      'invalid_request',
      `Query parameter "${name}" must be one of ${schema.options.join(', ')}, got "${clip(raw)}".`,
    )
  }
  return result.data as T
}

/**
 * Reads an int64 path parameter by the one int64 rule. Returns `undefined`
 * for a valid int64 that no record can have (beyond what the mock holds
 * exactly): the caller answers that it names nothing.
 *
 * @example
 * readInt64Param('42', 'petId') // 42
 */
export function readInt64Param(raw: string, name: string): number | undefined {
  const decoded = safeDecode(raw)
  const big = parseInt64(decoded)
  if (big === undefined) {
    throw new ApiError(
      'invalid_request',
      `Path parameter "${name}" ${INT64_RULE}, got "${clip(decoded)}".`,
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
