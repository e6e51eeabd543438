import { ConfigError } from '../errors/config-error.ts'
import type { Middleware } from '../http/types.ts'
import { type ApiKey, TOKEN_PATTERN } from '../keys/create-keyring.ts'
import { readBearer } from './read-bearer.ts'

/**
 * Looks up the bearer key of the request (spec §5) and records it on the
 * context, or records why there is none. It rejects nothing itself: rate
 * limiting comes next and must count the request either way; `requireAuth`
 * then rejects.
 *
 * @example
 * const chain = [authenticate(keyring), rateLimit(limiter, clock), requireAuth()]
 */
export function authenticate(keyring: ReadonlyMap<string, ApiKey>): Middleware {
  if (keyring.size === 0) {
    throw new ConfigError(
      'ERR_PETSTORE_INVALID_OPTION',
      'create the auth middleware',
      'no API keys',
    )
  }
  return function authenticate(ctx, next) {
    const bearer = readBearer(ctx.request.headers.get('authorization'))
    if (bearer.token === undefined) {
      ctx.authProblem = bearer.problem
    } else if (!TOKEN_PATTERN.test(bearer.token)) {
      ctx.authProblem = 'The bearer token is malformed.'
    } else {
      const apiKey = keyring.get(bearer.token)
      if (apiKey === undefined) ctx.authProblem = 'The API key is not valid.'
      ctx.apiKey = apiKey
    }
    return next()
  }
}
