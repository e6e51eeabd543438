/**
 * The `@msw/data` module.
 *
 * @example
 * const { Collection }: MswData = await importMswData()
 */
export type MswData = typeof import('@msw/data')

const SPECIFIER = '@msw/data'
let loaded: MswData | undefined

/**
 * `@msw/data`, loaded now where modules can be loaded synchronously (Node.js,
 * which can `require` an ES module); `undefined` elsewhere until
 * `importMswData` has resolved. Nothing loads it before it is asked for.
 *
 * @example
 * const module = requireMswData() ?? (await importMswData())
 */
export function requireMswData(): MswData | undefined {
  if (loaded) return loaded
  const nodeModule = globalThis.process?.getBuiltinModule?.('node:module')
  if (nodeModule === undefined) return undefined
  loaded = nodeModule.createRequire(import.meta.url)(SPECIFIER) as MswData
  return loaded
}

/**
 * `@msw/data`, loaded when first asked for.
 *
 * @example
 * const { Collection } = await importMswData()
 */
export async function importMswData(): Promise<MswData> {
  loaded ??= await import('@msw/data')
  return loaded
}
