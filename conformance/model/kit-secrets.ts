import { ConformanceError } from './kit-message.ts'
import { MIN_SECRET_LENGTH, type Secret } from './redactor.ts'
import { KEY_PLACEHOLDER, OTHER_KEY_PLACEHOLDER } from './to-curl.ts'

/**
 * How reports write the password of a `--base-url` with one
 * (`https://user:****@api.example.com/v1`).
 *
 * @example
 * `https://ci:${PASSWORD_PLACEHOLDER}@api.example.com/v1`
 */
export const PASSWORD_PLACEHOLDER = '****'

/**
 * A key as it travels: without the spaces and tabs around it. HTTP does not
 * carry them (RFC 9110 §5.5: the whitespace around a field value is not part
 * of it; §11.4: one or more spaces follow the scheme), so ` sk_a ` and
 * `sk_a` are one key to every server.
 *
 * @example
 * wireKey(' sk_live_abc\t') // 'sk_live_abc'
 */
export function wireKey(key: string): string {
  return key.replace(/^[ \t]+|[ \t]+$/g, '')
}

/** The options {@link kitSecrets} reads. */
export interface SecretOptions {
  baseUrl: string
  token: string
  otherToken?: string | undefined
}

/** The keys a run sends, and every secret its reports must not show. */
export interface KitSecrets {
  token: string
  otherToken?: string
  secrets: Array<Secret>
}

const usage = (detail: string) => new ConformanceError('usage', 'start the conformance run', detail)

/**
 * The base URL with its password, if any, as {@link PASSWORD_PLACEHOLDER}:
 * how a URL the kit cannot use is named in its usage error.
 *
 * @example
 * withoutPassword('ftp://ci:hunter22@example.com/v1') // 'ftp://ci:****@example.com/v1'
 */
export function withoutPassword(url: string): string {
  return url.replace(/^([^:/?#]*:\/\/[^/?#@:]*:)[^/?#]*@/, `$1${PASSWORD_PLACEHOLDER}@`)
}

/** The password of the base URL's userinfo, decoded; undefined without one. */
function passwordOf(baseUrl: string): string | undefined {
  const encoded = URL.canParse(baseUrl) ? new URL(baseUrl).password : ''
  if (encoded === '') {
    return undefined
  }
  try {
    return decodeURIComponent(encoded)
  } catch {
    return encoded
  }
}

/**
 * Reads the run's secrets: the key and the second key, each as HTTP carries
 * it ({@link wireKey}), and the password of the base URL. Throws a usage
 * `ConformanceError` for no key, a second key that is the first one on the
 * wire, or a secret shorter than {@link MIN_SECRET_LENGTH} (one the reports
 * could not keep apart from the text around it).
 *
 * @example
 * kitSecrets({ baseUrl: 'http://127.0.0.1:4010/v1', token: ' sk_test_free ' }).token // 'sk_test_free'
 */
export function kitSecrets(options: SecretOptions): KitSecrets {
  const token = wireKey(options.token)
  const otherToken = options.otherToken === undefined ? undefined : wireKey(options.otherToken)
  if (!token) {
    throw usage('no API key (pass --token or set PETSTORE_API_KEY)')
  }
  if (otherToken !== undefined && otherToken === token) {
    throw usage(
      '--other-token must be another key than --token (the spaces and tabs around a key are not sent)',
    )
  }
  const password = passwordOf(options.baseUrl)
  const named: Array<[name: string, value: string | undefined, placeholder: string]> = [
    ['--token', token, KEY_PLACEHOLDER],
    ['--other-token', otherToken || undefined, OTHER_KEY_PLACEHOLDER],
    ["--base-url's password", password, PASSWORD_PLACEHOLDER],
  ]
  const secrets: Array<Secret> = []
  for (const [name, value, placeholder] of named) {
    if (value === undefined) continue
    if ([...value].length < MIN_SECRET_LENGTH) {
      throw usage(
        `${name} is shorter than ${MIN_SECRET_LENGTH} characters: the reports could not tell it from the text around it to keep it out of them`,
      )
    }
    secrets.push({ value, placeholder })
  }
  return { token, ...(otherToken ? { otherToken } : {}), secrets }
}
