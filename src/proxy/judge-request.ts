import { REQUEST_CHECKS, type RequestCheckId } from '../contract/catalogue.ts'
import { ApiError } from '../errors/api-error.ts'
import { readJsonBody } from '../http/read-json-body.ts'
import type { AnsweredViolation, Context } from '../http/types.ts'
import { INT64_RULE, isInt64Value } from '../spec/int64.ts'
import { PetStatus } from '../spec/pet-status.ts'
import { readEnum, readInt64Param, readLimit } from '../validation/read-params.ts'

/**
 * Judges what a caller sent against the spec (what the proxy forwards
 * unchanged): a bearer `Authorization` (§5), `limit` and `status` of
 * `listPets` (§4.1), `petId` of `getPet` (§4.3), the NewPet of `createPet`
 * (§2: `name` a string, `categoryId` an int64, `status` a PetStatus; the
 * mock's own choices, such as the name's length, are not the spec's and are
 * not judged). Each violation says it is the caller's.
 *
 * @example
 * judgeRequest(ctx) // [{ check: 'request.limit', level: 'required', message: 'The caller sent …', section: '§4.1, §8' }]
 */
export function judgeRequest(ctx: Context): Array<AnsweredViolation> {
  const violations: Array<AnsweredViolation> = []
  const add = (check: RequestCheckId, problem: string) =>
    violations.push({
      check,
      level: REQUEST_CHECKS[check].level,
      message: `The caller's request is not as the spec states (the caller's mistake, not the server's): ${problem.replace(/\.$/, '')}.`,
      section: REQUEST_CHECKS[check].section,
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
        const problem = newPetProblem(readJsonBody(request, 'a NewPet', { exactIntegers: true }))
        if (problem !== undefined) throw new ApiError('invalid_request', problem)
      })
      break
    default:
      break
  }
  return violations
}

/** What in a parsed body breaks the spec's NewPet (§2), or `undefined`. */
function newPetProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return 'the body must be a NewPet object'
  }
  const body = value as Record<string, unknown>
  if (typeof body.name !== 'string') return 'NewPet.name is required and must be a string'
  if (!isInt64Value(body.categoryId)) return `NewPet.categoryId is required and ${INT64_RULE}`
  if ('status' in body && !PetStatus.safeParse(body.status).success) {
    return `NewPet.status must be one of ${PetStatus.options.join(', ')}`
  }
  return undefined
}
