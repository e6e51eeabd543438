import { jsonMediaTypeProblemOf } from '../../src/judge/response-rules.ts'
import { kitPath } from '../model/kit-routes.ts'
import { describeResponse } from '../model/result-collector.ts'
import type { Probe } from './probe-context.ts'

/**
 * `Accept` values that each allow JSON (RFC 9110 §12.5.1: media ranges with
 * weights), and none at all (`null`): a server that serves only JSON answers
 * `GET /pets` with JSON for each, never 406.
 *
 * @example
 * ACCEPTS_ALLOWING_JSON.includes('application/*') // true
 */
export const ACCEPTS_ALLOWING_JSON: ReadonlyArray<string | null> = [
  null,
  '*/*',
  'application/*',
  'application/json;q=0.9, */*;q=0.1',
]

/** A media range is case-insensitive (RFC 9110 §8.3.1): asked of `GET /pets/{id}`. */
const UPPER_CASE_JSON = 'APPLICATION/JSON'

/**
 * `response.media-type`, by requests of its own (five): `GET /pets` with
 * each of {@link ACCEPTS_ALLOWING_JSON}, and `GET /pets/{id}` of a known pet
 * with `Accept: APPLICATION/JSON`, answer 200 labelled JSON (one well-formed
 * media type, `application/json` or a `+json` type), never 406 (another
 * status decides nothing here; no answer at all fails). That every response's
 * `Content-Type` is well-formed is judged on all of them by the check's
 * response rule.
 *
 * @example
 * await mediaTypeProbe.run(context)
 */
export const mediaTypeProbe: Probe = {
  name: 'content negotiation',
  needs: ['pets listed', 'a pet created'],
  checks: ['response.media-type'],
  async run(context) {
    const { client, collector, state } = context
    const petId = state.pets.keys().next().value ?? state.created[0]?.id
    const targets = [
      ...ACCEPTS_ALLOWING_JSON.map((accept) => ({
        operation: 'listPets' as const,
        path: kitPath('listPets'),
        accept,
      })),
      ...(petId === undefined
        ? []
        : [
            {
              operation: 'getPet' as const,
              path: kitPath('getPet', { petId }),
              accept: UPPER_CASE_JSON,
            },
          ]),
    ]
    for (const { operation, path, accept } of targets) {
      const exchange = await client.send({ operation, method: 'GET', path, auth: 'valid', accept })
      const why = accept === null ? 'no Accept' : `Accept: ${accept}`
      const status = exchange.response?.status
      // Another answer (a 404 of the pet, a 5xx) is the other checks' to judge.
      if (status !== undefined && status !== 200 && status !== 406) {
        continue
      }
      const problem =
        status === 200
          ? jsonMediaTypeProblemOf(exchange.response?.headers['content-type'])
          : describeResponse(exchange)
      collector.assert(
        'response.media-type',
        operation,
        exchange,
        `200 labelled JSON (${why})`,
        problem === undefined ? undefined : `${problem} (${why})`,
      )
    }
  },
}
