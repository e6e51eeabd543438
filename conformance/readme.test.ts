import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { KIT_CODES } from './model/kit-message.ts'
import { DEFAULT_MAX_DURATION_MS } from './run-conformance.ts'

const readme = readFile(join(import.meta.dirname, '..', 'README.md'), 'utf8')

describe("the README's conformance section", () => {
  it('lists every stop and error code of the kit, and no other', async () => {
    const text = await readme
    const rows = [...text.matchAll(/^\| `(ERR_PETSTORE_CONFORMANCE_[A-Z_]+)`/gm)].map(
      (match) => match[1],
    )
    expect(rows.sort()).toEqual(Object.values(KIT_CODES).sort())
  })

  it('gives the default of --max-duration', async () => {
    expect(await readme).toMatch(
      new RegExp(`\\| \`--max-duration S\`\\s*\\| ${DEFAULT_MAX_DURATION_MS / 1000}\\s*\\|`),
    )
  })
})
