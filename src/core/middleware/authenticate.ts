import { keepLast } from '../../base/http/keep-last.ts'
import type { Middleware } from '../../base/http/types.ts'
import { ConfigError } from '../../errors/config-error.ts'
import { type ApiKey, TOKEN_PATTERN } from '../plans/create-keyring.ts'
import { readBearer } from './read-bearer.ts'

/**
 * Looks up the bearer key of the request (spec §5) and records it on the
 * context, or records why there is none. It rejects nothing itself: rate
 * limiting comes next and must count the request either way; `requireAuth`
 * then rejects.
 *
 * @example
 * const chain = [authenticate(keyring), rateLimit(limiter), requireAuth()]
 */
export function authenticate(keyring: ReadonlyMap<string, ApiKey>): Middleware {
  if (keyring.size === 0) {
    throw new ConfigError(
      'ERR_PETSTORE_INVALID_OPTION',
      'create the auth middleware',
      'no API keys',
    )
  }
  // A client sends the same header on every request: what it holds is kept.
  const read = keepLast(tokenOf)
  return function authenticate(ctx, next) {
    const { token, problem } = read(ctx.request.headers.get('authorization'))
    if (token === undefined) {
      ctx.authProblem = problem
    } else {
      const apiKey = keyring.get(token)
      if (apiKey === undefined) ctx.authProblem = 'The API key is not valid.'
      ctx.apiKey = apiKey
    }
    return next(ctx)
  }
}

/** The well-formed bearer token of an `Authorization` header, or why there is none. */
function tokenOf(header: string | null): { token?: string; problem?: string } {
  const bearer = readBearer(header)
  if (bearer.token === undefined) return { problem: bearer.problem }
  if (!TOKEN_PATTERN.test(bearer.token)) return { problem: 'The bearer token is malformed.' }
  return { token: bearer.token }
}
