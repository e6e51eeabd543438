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
