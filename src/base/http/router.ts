/**
 * One entry of a router: a method, a path template (`/v1/pets/{petId}`) and
 * what the caller wants back when it matches.
 *
 * @example
 * const entry: RouterEntry<Operation> = { method: 'GET', path: '/v1/pets/{petId}', value: getPet(store) }
 */
export interface RouterEntry<T> {
  method: string
  path: string
  value: T
}

/**
 * What a lookup found: the entry and its path parameters, or the methods the path allows.
 *
 * @example
 * const match: RouterMatch<string> | undefined = createRouter([{ method: 'GET', path: '/v1/pets', value: 'list' }]).find('POST', '/v1/pets')
 * // { allow: 'GET, HEAD' }
 */
export type RouterMatch<T> =
  | { value: T; params: Record<string, string>; allow?: undefined }
  | { value?: undefined; params?: undefined; allow: string }

/**
 * An HTTP method where a caller names one (a scenario, a journal filter, a
 * CORS preflight): 1 to 16 letters, in any case.
 *
 * @example
 * HTTP_METHOD.test('get') // true
 * HTTP_METHOD.test('GET /') // false
 */
export const HTTP_METHOD = /^[A-Za-z]{1,16}$/

/**
 * The method a request is routed as: a `HEAD` is answered as the `GET` of the
 * same path (without a body); every other method as itself. The router and
 * the scenario queue both read this rule.
 *
 * @example
 * routeMethod('HEAD') // 'GET'
 * routeMethod('POST') // 'POST'
 */
export function routeMethod(method: string): string {
  return method === 'HEAD' ? 'GET' : method
}

/**
 * The mock's one router. A `HEAD` is looked up as the `GET` of the same path
 * (answered without a body), and `Allow` lists `HEAD` wherever `GET` is.
 *
 * @example
 * const router = createRouter([{ method: 'GET', path: '/v1/pets/{petId}', value: getPet }])
 * router.find('HEAD', '/v1/pets/7') // { value: getPet, params: { petId: '7' } }
 * router.find('PUT', '/v1/pets/7') // { allow: 'GET, HEAD' }
 * router.find('GET', '/v1/nope') // undefined
 */
export function createRouter<T>(entries: ReadonlyArray<RouterEntry<T>>): {
  find(method: string, path: string): RouterMatch<T> | undefined
} {
  const compiled = entries.map((entry) => ({ ...entry, match: matchPath(entry.path) }))
  return {
    find(method, path) {
      const wanted = routeMethod(method)
      let allowed: Array<string> | undefined
      for (const entry of compiled) {
        const params = entry.match(path)
        if (params === undefined) continue
        if (entry.method === wanted) return { value: entry.value, params }
        allowed ??= []
        allowed.push(entry.method)
        if (entry.method === 'GET') allowed.push('HEAD')
      }
      return allowed === undefined ? undefined : { allow: [...new Set(allowed)].join(', ') }
    },
  }
}

/**
 * Turns a path template into a matcher that returns the path parameters.
 *
 * @example
 * matchPath('/v1/pets/{petId}')('/v1/pets/7') // { petId: '7' }
 */
export function matchPath(template: string): (path: string) => Record<string, string> | undefined {
  const names: Array<string> = []
  const source = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    names.push(name)
    return '([^/]+)'
  })
  if (names.length === 0) return (path) => (path === template ? {} : undefined)
  const pattern = new RegExp(`^${source}$`)
  return (path) => {
    const match = pattern.exec(path)
    if (match === null) return undefined
    const params: Record<string, string> = {}
    names.forEach((name, index) => {
      params[name] = match[index + 1] ?? ''
    })
    return params
  }
}
