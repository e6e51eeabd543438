import { z } from 'zod'

/**
 * The body of every error response (spec §2 and §7, Error).
 *
 * @example
 * ErrorBody.parse({ code: 'not_found', message: 'Pet 7 was not found.', status: 404 })
 */
export const ErrorBody = z
  .object({
    code: z.string().meta({ description: 'Machine-readable error code.' }),
    message: z.string().meta({ description: 'Human-readable description.' }),
    status: z.int().min(100).max(599).meta({ description: 'The HTTP status code.' }),
  })
  .meta({ id: 'Error', description: 'An error response.' })

/**
 * A valid `ErrorBody`: the type of the schema of the same name.
 *
 * @example
 * const body: ErrorBody = await response.json() // { code, message, status }
 */
export type ErrorBody = z.infer<typeof ErrorBody>
