/**
 * The relative links of Markdown files and the anchors their headings make,
 * as GitHub renders them, so that a test can say which link leads nowhere.
 */

/** The text of a Markdown file outside fenced code blocks and code spans. */
function prose(markdown: string): Array<string> {
  const lines: Array<string> = []
  let fenced = false
  for (const line of markdown.split('\n')) {
    if (line.trimStart().startsWith('```')) {
      fenced = !fenced
      lines.push('')
    } else lines.push(fenced ? '' : line.replace(/`[^`]*`/g, (span) => ' '.repeat(span.length)))
  }
  return lines
}

/**
 * The anchor GitHub gives a heading: lower case, its code spans and links
 * read as their text, every character but letters, digits, `-`, `_` and
 * spaces dropped, spaces made `-`.
 *
 * @example
 * slug('Journal, dashboard and remote control') // 'journal-dashboard-and-remote-control'
 * slug('`--proxy` and `--record`') // '--proxy-and---record'
 */
export function slug(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-')
}

/**
 * The anchors of a Markdown file's headings, a repeated one numbered as
 * GitHub numbers it (`-1`, `-2`).
 *
 * @example
 * anchorsOf('# A\n## B\n## B') // Set { 'a', 'b', 'b-1' }
 */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>()
  const seen = new Map<string, number>()
  let fenced = false
  for (const line of markdown.split('\n')) {
    if (line.trimStart().startsWith('```')) fenced = !fenced
    const heading = fenced ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)
    if (!heading) continue
    const base = slug(heading[1] ?? '')
    const count = seen.get(base) ?? 0
    seen.set(base, count + 1)
    anchors.add(count === 0 ? base : `${base}-${count}`)
  }
  return anchors
}

/** One link of a Markdown file: where it is and where it points. */
export interface MarkdownLink {
  line: number
  target: string
}

/**
 * The links of a Markdown file that point into the repository (inline links
 * and images, outside code), `http:`, `https:` and `mailto:` ones left out.
 *
 * @example
 * relativeLinks('See [the kit](docs/conformance.md#reports).') // [{ line: 1, target: 'docs/conformance.md#reports' }]
 */
export function relativeLinks(markdown: string): Array<MarkdownLink> {
  const links: Array<MarkdownLink> = []
  prose(markdown).forEach((text, index) => {
    for (const match of text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
      const target = match[1] as string
      if (/^(?:[a-z][a-z0-9+.-]*:|\/\/)/i.test(target)) continue
      links.push({ line: index + 1, target })
    }
  })
  return links
}

/**
 * Every link of `files` (path from the root to text) that leads nowhere: a
 * file that does not exist, or an anchor no heading of its file makes.
 * `read` gives the text of a file by its path from the root (undefined when
 * there is none). One line per broken link, `path:line: target (why)`.
 *
 * @example
 * brokenLinks(new Map([['README.md', '[x](#nowhere)']]), () => undefined)
 * // ['README.md:1: #nowhere (no heading makes this anchor)']
 */
export function brokenLinks(
  files: ReadonlyMap<string, string>,
  read: (path: string) => string | undefined,
): Array<string> {
  const problems: Array<string> = []
  for (const [path, text] of files) {
    const folder = path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : ''
    for (const { line, target } of relativeLinks(text)) {
      const [file = '', anchor] = target.split('#')
      const resolved = file === '' ? path : normalize(folder === '' ? file : `${folder}/${file}`)
      const where = `${path}:${line}: ${target}`
      if (resolved === undefined) {
        problems.push(`${where} (leaves the repository)`)
        continue
      }
      const known = files.get(resolved) ?? read(resolved)
      if (known === undefined) problems.push(`${where} (no file ${resolved})`)
      else if (anchor !== undefined && !anchorsOf(known).has(decodeURIComponent(anchor)))
        problems.push(`${where} (no heading makes this anchor)`)
    }
  }
  return problems
}

/** `a/./b/../c` as `a/c`; undefined when it climbs above the root. */
function normalize(path: string): string | undefined {
  const parts: Array<string> = []
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue
    if (part === '..') {
      if (parts.length === 0) return undefined
      parts.pop()
    } else parts.push(part)
  }
  return parts.join('/')
}
