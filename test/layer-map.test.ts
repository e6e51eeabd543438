import { readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = join(import.meta.dirname, '..')
const DEVELOPMENT = readFileSync(join(ROOT, 'docs', 'development.md'), 'utf8')
const { LAYERS, KIT_LAYERS } = createRequire(import.meta.url)(
  join(ROOT, '.dependency-cruiser.cjs'),
) as { LAYERS: Array<[string, string]>; KIT_LAYERS: Array<[string, string]> }

/**
 * The lines of the map of `root` (`src` or `conformance`) in
 * docs/development.md: in its first code block, from the line naming it to
 * the next line that is not indented.
 */
function layerMap(root = 'src'): Array<string> {
  const section = DEVELOPMENT
  const block = section.slice(
    section.indexOf('```') + 4,
    section.indexOf('```', section.indexOf('```') + 3),
  )
  const lines = block.split('\n')
  const start = lines.findIndex((line) => line.startsWith(`${root}/ `))
  const end = lines.findIndex((line, index) => index > start && /^\S/.test(line))
  return lines.slice(start, end === -1 ? undefined : end)
}

/** The folders directly inside `dir`. */
const foldersOf = (dir: string): Array<string> =>
  readdirSync(join(ROOT, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()

describe('the map of src/ and conformance/ in docs/development.md', () => {
  it('lists the layers of the dependency rules, from the top down', () => {
    const drawn = layerMap()
      .map((line) => /^ {2}([a-z-]+)\/ /.exec(line)?.[1])
      .filter((name): name is string => name !== undefined)
    expect(drawn).toEqual(LAYERS.map(([name]) => name).reverse())
  })

  it('names every folder of src/ and of each layer, and no other', () => {
    const layers = LAYERS.map(([name]) => name)
    expect(foldersOf('src')).toEqual([...layers, 'test-utils'].sort())
    const lines = layerMap()
    for (const layer of layers) {
      const start = lines.findIndex((line) => line.startsWith(`  ${layer}/ `))
      const end = lines.findIndex((line, index) => index > start && /^ {2}\S/.test(line))
      const drawn = lines
        .slice(start + 1, end)
        .map((line) => /^ {4}([a-z-]+)\/ /.exec(line)?.[1])
        .filter((name): name is string => name !== undefined)
        .sort()
      expect(drawn, `src/${layer}/`).toEqual(foldersOf(`src/${layer}`))
    }
  })

  it("lists the kit's layers of the dependency rules, from the top down, and every folder of conformance/", () => {
    const drawn = layerMap('conformance')
      .map((line) => /^ {2}([a-z-]+)\/ /.exec(line)?.[1])
      .filter((name): name is string => name !== undefined)
    expect(drawn).toEqual(KIT_LAYERS.map(([name]) => name).reverse())
    const outside = ['faults', 'test-utils', 'mutation']
    for (const name of outside) expect(layerMap('conformance').join('\n')).toContain(`${name}/`)
    expect(foldersOf('conformance')).toEqual([...drawn, ...outside].sort())
  })

  it('has no folder of a single source file', () => {
    const walk = (dir: string): Array<string> =>
      foldersOf(dir).flatMap((name) => [`${dir}/${name}`, ...walk(`${dir}/${name}`)])
    for (const dir of walk('src')) {
      const entries = readdirSync(join(ROOT, dir), { withFileTypes: true })
      const sources = entries.filter(
        (entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'),
      )
      const folders = entries.filter((entry) => entry.isDirectory())
      expect(sources.length + folders.length, dir).toBeGreaterThan(1)
    }
  })
})
