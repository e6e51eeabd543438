/**
 * What the start banner says in proxy mode (`--proxy URL`).
 *
 * @example
 * const options: ProxyBannerOptions = { api: 'http://127.0.0.1:4010/v1', upstream: 'https://staging.example.com/v1', fallback: false, mockLines: [] }
 */
export interface ProxyBannerOptions {
  /** The mock's API root (`http://127.0.0.1:4010/v1`). */
  api: string
  /** `--proxy URL`. */
  upstream: string
  /** `--proxy-fallback mock`. */
  fallback: boolean
  /** `--record FILE`, if given. */
  record?: string
  /** The banner's lines on the mock's own data, limits and keys (shown only as the fallback's). */
  mockLines: ReadonlyArray<string>
}

/**
 * The banner's lines in proxy mode, saying what is true there: the upstream
 * answers (its data, keys and rate limits are what the caller gets), every
 * exchange is judged against the spec with the caller's mistakes told apart
 * from the upstream's violations, and the mock's own data, limits and keys
 * are shown only as the fallback's (`--proxy-fallback mock`), whose ids are
 * not the upstream's.
 *
 * @example
 * proxyBanner({ api: 'http://127.0.0.1:4010/v1', upstream: 'https://staging.example.com/v1', fallback: false, mockLines: ['  data:      100 pets'] })
 * // ['  proxy:     http://127.0.0.1:4010/v1 -> https://staging.example.com/v1: the upstream answers, with its own data, keys and rate limits',
 * //  "  judged:    every exchange against the spec: the upstream's violations after ✗, your request's mistakes after 'your request:'",
 * //  '  fallback:  none: an upstream that is down is 502 (--proxy-fallback mock: the mock answers instead)']
 */
export function proxyBanner(options: ProxyBannerOptions): Array<string> {
  const lines = [
    `  proxy:     ${options.api} -> ${options.upstream}: the upstream answers, with its own data, keys and rate limits`,
    "  judged:    every exchange against the spec: the upstream's violations after ✗, your request's mistakes after 'your request:'",
  ]
  if (options.fallback) {
    lines.push(
      '  fallback:  where the upstream has no route or is down, the mock answers (fallback:… in the log)',
      "             with its own data (ids not the upstream's: its orders name the mock's pets), limits and keys:",
      ...options.mockLines.map((line) => `  ${line}`),
    )
  } else {
    lines.push(
      '  fallback:  none: an upstream that is down is 502 (--proxy-fallback mock: the mock answers instead)',
    )
  }
  if (options.record !== undefined) {
    lines.push(
      `  record:    the pets and orders the upstream answers with, added to ${options.record} by id (what it holds is kept)`,
    )
  }
  return lines
}
