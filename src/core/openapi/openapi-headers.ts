import type { deprecationHeaders } from '../../spec/deprecation.ts'
import {
  HEADER_NAMES,
  RATE_LIMIT_HEADER_NAMES,
  RETRY_AFTER_NAME,
  WWW_AUTHENTICATE,
} from '../../spec/headers.ts'
import { API_PREFIX } from '../../spec/routes.ts'

/**
 * The document's header components: the rate-limit headers, `Retry-After`,
 * the bearer challenge, `Location` and the deprecation headers, each with an
 * example where the mock has one (`nextPetId`: the id the next created pet
 * gets; `sunset`: the deprecated route's headers).
 *
 * @example
 * openApiHeaders(4, deprecationHeaders(GET_PET_DEPRECATION)).Location.example // '/v1/pets/4'
 */
export function openApiHeaders(
  nextPetId: number,
  sunset: ReturnType<typeof deprecationHeaders>,
): Record<string, Record<string, unknown>> {
  return {
    [RATE_LIMIT_HEADER_NAMES.limit]: {
      description:
        'The request limit in force for the caller, of the window (minute or day) that runs out first.',
      required: true,
      schema: { type: 'integer', minimum: 1 },
    },
    [RATE_LIMIT_HEADER_NAMES.remaining]: {
      description: 'Requests remaining in that window.',
      required: true,
      schema: { type: 'integer', minimum: 0 },
    },
    [RATE_LIMIT_HEADER_NAMES.reset]: {
      description: 'Unix timestamp (seconds) at which that window resets.',
      required: true,
      schema: { type: 'integer', format: 'int64', minimum: 0 },
    },
    [RETRY_AFTER_NAME]: {
      description: 'Seconds to wait before retrying.',
      schema: { type: 'integer', minimum: 1 },
    },
    [HEADER_NAMES.wwwAuthenticate]: {
      description: 'The bearer challenge (RFC 6750).',
      schema: { type: 'string' },
      example: WWW_AUTHENTICATE,
    },
    [HEADER_NAMES.location]: {
      description: 'The path of the created animal.',
      schema: { type: 'string', format: 'uri-reference' },
      example: `${API_PREFIX}/pets/${nextPetId}`,
    },
    Deprecation: {
      description: 'When the operation was deprecated (RFC 9745), as `@` and a Unix timestamp.',
      schema: { type: 'string' },
      example: sunset.deprecation,
    },
    Sunset: {
      description: 'When the operation goes away (RFC 8594), as an HTTP date.',
      schema: { type: 'string' },
      example: sunset.sunset,
    },
    Link: {
      description: 'The operation that replaces this one (`rel="successor-version"`).',
      schema: { type: 'string' },
      example: sunset.link,
    },
  }
}
