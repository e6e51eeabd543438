import { readJsonBody } from '../../base/http/read-json-body.ts'
import type { AnsweredViolation, Context } from '../../base/http/types.ts'
import { readEnum, readInt64Param, readLimit } from '../../base/validation/read-params.ts'
import { ApiError } from '../../errors/api-error.ts'
import { REQUEST_CHECKS, type RequestCheckId } from '../../judge/catalogue.ts'
import { newPetRejection, rejectReason } from '../../judge/exchange-rules.ts'
import { PetStatus } from '../../spec/pet-status.ts'

/**
 * Judges what a caller sent against the spec (what the proxy forwards
 * unchanged): a bearer `Authorization` (§5), `limit` and `status` of
 * `listPets` (§4.1), `petId` of `getPet` (§4.3), the NewPet of `createPet`
 * (§2: `name` a string, `categoryId` an int64, `status` a PetStatus; the
 * mock's own choices, such as the name's length, are not the spec's and are
 * not judged). Each violation says it is the caller's (`source: 'request'`).
 *
 * @example
 * judgeRequest(ctx) // [{ check: 'request.limit', level: 'required', message: 'The caller sent …', section: '§4.1, §8', source: 'request' }]
 */
export function judgeRequest(ctx: Context): Array<AnsweredViolation> {
  const violations: Array<AnsweredViolation> = []
  const add = (check: RequestCheckId, problem: string) =>
    violations.push({
      check,
      level: REQUEST_CHECKS[check].level,
      message: `The caller's request is not as the spec states (the caller's mistake, not the server's): ${problem.replace(/\.$/, '')}.`,
      section: REQUEST_CHECKS[check].section,
      source: 'request',
    })
  const attempt = (check: RequestCheckId, read: () => void) => {
    try {
      read()
    } catch (error) {
      if (error instanceof ApiError) add(check, error.message)
      else throw error
    }
  }
  const { request, route } = ctx
  if (route === undefined) return violations
  if (!/^Bearer \S+$/i.test(request.headers.get('authorization') ?? '')) {
    add('request.auth', 'no `Authorization: Bearer <key>` header')
  }
  switch (route.operationId) {
    case 'listPets':
      attempt('request.limit', () => readLimit(request.query))
      attempt('request.status', () => readEnum(request.query, 'status', PetStatus))
      break
    case 'getPet':
      attempt('request.pet-id', () => readInt64Param(ctx.params.petId ?? '', 'petId'))
      break
    case 'createPet':
      attempt('request.body', () => {
        const problem = newPetRejection(readJsonBody(request, 'a NewPet', { exactIntegers: true }))
        if (problem !== undefined) {
          throw new ApiError(
            'invalid_request',
            `the body is not a NewPet: ${rejectReason(problem)}`,
          )
        }
      })
      break
    default:
      break
  }
  return violations
}
