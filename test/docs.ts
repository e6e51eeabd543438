import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * The project's documentation as the tests read it: the README (the front
 * page) and the pages of `docs/`, each by its path from the repository root.
 * The tests that hold a table or an example to the code read the page it
 * lives on; those that look at every page (links, examples) read them all.
 */

/** The repository root. */
export const ROOT = join(import.meta.dirname, '..')

/**
 * The documentation files, README first, then `docs/*.md` in name order.
 *
 * @example
 * docFiles() // ['README.md', 'docs/conformance.md', 'docs/control-api.md', ...]
 */
export function docFiles(root: string = ROOT): Array<string> {
  const pages = readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`)
  return ['README.md', ...pages]
}

/**
 * The text of one documentation file, by its path from the root.
 *
 * @example
 * readDoc('docs/reference.md') // '# Reference\n\n...'
 */
export function readDoc(path: string): string {
  return readFileSync(join(ROOT, path), 'utf8')
}
