import { readFileSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const ENTRY = fileURLToPath(new URL('./index.ts', import.meta.url))
const SERVER_ENTRY = fileURLToPath(new URL('./adapter/node/index.ts', import.meta.url))
const BUILTINS = new Set(builtinModules)
/** Static imports and re-exports, side-effect imports and dynamic imports with a literal. */
const SPECIFIER =
  /(?:^|[\s;])(?:import|export)\s(?:[^'"`;]*?\sfrom\s)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g

/** Every module specifier reachable from `entry` over relative imports, with who imports it. */
function importGraph(entry: string): Map<string, Array<string>> {
  const seen = new Set<string>()
  const specifiers = new Map<string, Array<string>>()
  const queue = [entry]
  while (queue.length > 0) {
    const file = queue.pop() as string
    if (seen.has(file)) continue
    seen.add(file)
    for (const match of withoutComments(readFileSync(file, 'utf8')).matchAll(SPECIFIER)) {
      const specifier = match[1] ?? match[2] ?? ''
      const importers = specifiers.get(specifier) ?? []
      importers.push(file)
      specifiers.set(specifier, importers)
      if (specifier.startsWith('.')) queue.push(resolve(dirname(file), specifier))
    }
  }
  return specifiers
}

/** Drops block comments (JSDoc examples import things too) and whole-line comments. */
function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '')
}

describe('the handlers module', () => {
  const graph = importGraph(ENTRY)

  it('reaches the whole in-process mock', () => {
    const specifiers = [...graph.keys()]
    for (const module of [
      './adapter/msw/create-petstore.ts',
      './create-handlers.ts',
      'msw',
      'zod',
    ]) {
      expect(specifiers).toContain(module)
    }
  })

  it('imports nothing from Node, so that it runs in a browser under setupWorker', () => {
    const nodeImports = [...graph.entries()]
      .filter(
        ([specifier]) =>
          specifier.startsWith('node:') || BUILTINS.has(specifier.split('/')[0] ?? ''),
      )
      .map(([specifier, importers]) => `${specifier} (from ${importers.join(', ')})`)
    expect(nodeImports).toEqual([])
  })

  it('imports msw only from its root', () => {
    const mswImports = [...graph.keys()].filter((specifier) => specifier.startsWith('msw'))
    expect(mswImports).toEqual(['msw'])
  })

  it('sees the imports the walk is meant to see', () => {
    const probe = [
      "import { a } from 'node:fs'",
      "import type { B } from './b.ts'",
      "export * from './c.ts'",
      "import './d.ts'",
      "const e = await import('node:path')",
      "export {\n  f,\n  g,\n} from './f.ts'",
      "/**\n * @example\n * import { setupServer } from 'msw/node'\n */",
      "// import 'node:os'",
    ].join('\n')
    const found = [...withoutComments(probe).matchAll(SPECIFIER)].map(
      (match) => match[1] ?? match[2],
    )
    expect(found).toEqual(['node:fs', './b.ts', './c.ts', './d.ts', 'node:path', './f.ts'])
  })
})

describe('the server module', () => {
  it('never loads msw, a peer dependency the standalone server does not need', () => {
    const graph = importGraph(SERVER_ENTRY)
    expect([...graph.keys()]).toContain('../../app/create-petstore-core.ts')
    expect([...graph.keys()].filter((specifier) => specifier.startsWith('msw'))).toEqual([])
  })
})
