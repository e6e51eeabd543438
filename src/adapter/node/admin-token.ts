import type * as NodeCrypto from 'node:crypto'
import type { Middleware } from '../../base/http/types.ts'
import { readBearer } from '../../core/middleware/read-bearer.ts'
import { TOKEN_PATTERN } from '../../core/plans/create-keyring.ts'
import { ApiError } from '../../errors/api-error.ts'
import { ConfigError } from '../../errors/config-error.ts'

/** The challenge of a 401 from the control API. */
export const ADMIN_WWW_AUTHENTICATE = 'Bearer realm="petstore-admin"'

/**
 * A fresh admin token: 24 random bytes, base64url (32 characters).
 *
 * @example
 * const token = generateAdminToken() // 'Qm9i…'
 */
export function generateAdminToken(): string {
  return crypto().randomBytes(24).toString('base64url')
}

/**
 * Lets a request through only with `Authorization: Bearer <token>`; otherwise
 * 401 `unauthorized` with `WWW-Authenticate` and the reason. The comparison
 * takes the same time whatever the guess.
 *
 * @example
 * const guard = adminToken('s3cret-token')
 */
export function adminToken(token: string): Middleware {
  if (typeof token !== 'string' || token.length < 8 || !TOKEN_PATTERN.test(token)) {
    throw new ConfigError(
      'ERR_PETSTORE_INVALID_OPTION',
      'read --admin-token',
      'the admin token must be at least 8 characters of letters, digits and -._~+/',
    )
  }
  const expected = digest(token)
  return function adminToken(ctx, next) {
    const bearer = readBearer(ctx.request.headers.get('authorization'), 'admin token')
    const problem =
      bearer.token === undefined
        ? bearer.problem
        : crypto().timingSafeEqual(digest(bearer.token), expected)
          ? undefined
          : 'The admin token is not valid.'
    if (problem === undefined) return next(ctx)
    throw new ApiError(
      'unauthorized',
      `${problem} The control API of a mock bound beyond loopback needs the admin token (printed at start-up, or set with --admin-token).`,
      { 'www-authenticate': ADMIN_WWW_AUTHENTICATE },
    )
  }
}

// node:crypto is loaded at first use, not at start: a mock on loopback without
// --admin-token never needs it, and loading it is about 3 ms of start-up.
function crypto(): typeof NodeCrypto {
  return process.getBuiltinModule('node:crypto')
}

function digest(value: string): Buffer {
  return crypto().createHash('sha256').update(value).digest()
}
