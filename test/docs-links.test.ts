import { existsSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { docFiles, ROOT, readDoc } from './docs.ts'
import { anchorsOf, brokenLinks, relativeLinks, slug } from './markdown-links.ts'

/** A file of the repository: its text (a folder's or a binary's is never read for anchors). */
const read = (path: string): string | undefined => {
  const full = join(ROOT, path)
  if (!existsSync(full)) return undefined
  return statSync(full).isFile() && path.endsWith('.md') ? readDoc(path) : ''
}

describe('the links of the README and docs/', () => {
  it('each lead to a file of the repository, and an anchor to a heading of it', () => {
    const files = new Map(docFiles().map((path) => [path, readDoc(path)]))
    expect(files.size).toBeGreaterThan(5)
    expect(brokenLinks(files, read)).toEqual([])
  })

  it('reach every page of docs/ from the README', () => {
    const linked = new Set(
      relativeLinks(readDoc('README.md')).map(({ target }) => target.split('#')[0]),
    )
    expect(docFiles().filter((path) => path !== 'README.md' && !linked.has(path))).toEqual([])
  })
})

describe('the link check', () => {
  it('makes the anchors GitHub makes', () => {
    expect(slug('Journal, dashboard and remote control')).toBe(
      'journal-dashboard-and-remote-control',
    )
    expect(slug('Quick start: a test author')).toBe('quick-start-a-test-author')
    expect(slug('`--proxy` and [HAR](x.md)')).toBe('--proxy-and-har')
    expect([...anchorsOf('# A\n```\n# not a heading\n```\n## B\n## B')]).toEqual(['a', 'b', 'b-1'])
  })

  it('names a missing file, a missing anchor, a link out of the repository, and no link in code', () => {
    const files = new Map([
      [
        'README.md',
        [
          '# Top',
          'See [a](docs/a.md#there), [b](docs/b.md), [top](#top), [web](https://example.com).',
          '`[code](nowhere.md)`',
          '```',
          '[fenced](nowhere.md)',
          '```',
          '[gone](#gone) and [up](../outside.md)',
        ].join('\n'),
      ],
      ['docs/a.md', '# A\n[back](../README.md#top) [wrong](../README.md#bottom)'],
    ])
    expect(brokenLinks(files, () => undefined)).toEqual([
      'README.md:2: docs/a.md#there (no heading makes this anchor)',
      'README.md:2: docs/b.md (no file docs/b.md)',
      'README.md:7: #gone (no heading makes this anchor)',
      'README.md:7: ../outside.md (leaves the repository)',
      'docs/a.md:2: ../README.md#bottom (no heading makes this anchor)',
    ])
  })
})
