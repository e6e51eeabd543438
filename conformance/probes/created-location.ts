import { ResponsePet } from '../../src/judge/response-schemas.ts'
import { kitPath } from '../model/kit-routes.ts'
import { describeResponse } from '../model/result-collector.ts'
import type { Exchange } from '../model/types.ts'
import type { ProbeContext } from './probe-context.ts'
import { parseResponseBody } from './response-checks.ts'

/**
 * `create.location`: a `Location` sent with a 201 must name the created pet
 * (RFC 9110 §10.2.2): resolved against the request URL it is a URL of the API
 * where `GET` answers 200 with the same Pet (the pet's own URL of §4.3 is
 * taken as it, `create.then-get` fetches it). No `Location` passes (§4.2 does
 * not require one); one on another origin (a public host in front) is not
 * judged.
 *
 * @example
 * await assertCreatedLocation(context, exchange, pet, samePet)
 */
export async function assertCreatedLocation(
  context: ProbeContext,
  created: Exchange,
  pet: ResponsePet,
  same: (a: ResponsePet, b: ResponsePet) => boolean,
): Promise<void> {
  const { client, collector } = context
  const location = created.response?.headers.location
  const expected = `no Location, or one where GET answers 200 with pet ${pet.id}`
  if (location === undefined) {
    collector.assert('create.location', 'createPet', created, expected, undefined)
    return
  }
  const base = new URL(client.baseUrl)
  const target = URL.canParse(location, created.request.url)
    ? new URL(location, created.request.url)
    : undefined
  if (target !== undefined && target.origin !== base.origin) {
    collector.skip('create.location', 'createPet', `Location ${location} is on another origin`)
    return
  }
  const basePath = base.pathname.replace(/\/+$/, '')
  if (target === undefined || !target.pathname.startsWith(`${basePath}/`)) {
    collector.assert(
      'create.location',
      'createPet',
      created,
      expected,
      `Location "${location}" is not a URL under the API's base path ${basePath}`,
    )
    return
  }
  const path = `${target.pathname.slice(basePath.length)}${target.search}`
  if (path === kitPath('getPet', { petId: pet.id })) {
    // The URL of the pet by §4.3, which create.then-get fetches anyway.
    collector.assert('create.location', 'createPet', created, expected, undefined)
    return
  }
  const fetched = await client.send({ operation: 'getPet', method: 'GET', path, auth: 'valid' })
  const parsed = parseResponseBody(fetched, ResponsePet)
  const shown = parsed?.success ? parsed.data : undefined
  collector.assert(
    'create.location',
    'createPet',
    created,
    expected,
    fetched.response?.status === 200 && shown !== undefined && same(shown, pet)
      ? undefined
      : `GET ${location}: ${describeResponse(fetched)}`,
  )
}
