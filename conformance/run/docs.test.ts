import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  compareFlags,
  findTable,
  parseHelpOptions,
  parseMarkdownTables,
} from '../../test/markdown-tables.ts'
import { KIT_DEFAULTS } from '../model/kit-defaults.ts'
import { KIT_CODES } from '../model/kit-message.ts'
import { kitSecrets, PASSWORD_PLACEHOLDER } from '../model/kit-secrets.ts'
import { createRedactor, MIN_SECRET_LENGTH, MIN_SECRET_PART_LENGTH } from '../model/redactor.ts'
import { KEY_PLACEHOLDER, OTHER_KEY_PLACEHOLDER } from '../model/to-curl.ts'
import { MAX_PACING_NOTES } from '../transport/rate-limit-pacer.ts'
import { runCli } from './cli.ts'

/** The page of docs/ that documents the kit. */
const page = readFile(join(import.meta.dirname, '..', '..', 'docs', 'conformance.md'), 'utf8')

describe('docs/conformance.md', () => {
  it('lists every stop and error code of the kit, and no other', async () => {
    const text = await page
    const rows = [...text.matchAll(/^\| `(ERR_PETSTORE_CONFORMANCE_[A-Z_]+)`/gm)].map(
      (match) => match[1],
    )
    expect(rows.sort()).toEqual(Object.values(KIT_CODES).sort())
  })

  it('gives the defaults of KIT_DEFAULTS in the Bounds table', async () => {
    const text = await page
    const rows: Array<[bound: string, value: string]> = [
      ['`--max-duration S`', String(KIT_DEFAULTS.maxDurationMs / 1000)],
      ['`--max-requests N`', String(KIT_DEFAULTS.maxRequests)],
      ['`--stateful-requests N`', String(KIT_DEFAULTS.statefulRequests)],
      ['`--timeout MS`', String(KIT_DEFAULTS.timeoutMs)],
      ['one wait', `${KIT_DEFAULTS.maxWaitMs / 1000} s`],
      ['retries of a 429', String(KIT_DEFAULTS.maxRetries)],
      ['response body read', `${KIT_DEFAULTS.maxResponseBytes / 1024 / 1024} MiB`],
      ['failures kept per check', String(KIT_DEFAULTS.maxFailuresPerCheck)],
      ['progress lines', `${KIT_DEFAULTS.progressIntervalMs / 1000} s`],
      ['pacing notes', String(MAX_PACING_NOTES)],
      ['time-left estimate', `${KIT_DEFAULTS.estimateRefreshMs / 1000} s`],
    ]
    for (const [bound, value] of rows) {
      const escaped = `${bound} | ${value} |`
        .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
        .replace(/ /g, '\\s*')
      expect(text).toMatch(new RegExp(`^\\|\\s*${escaped}`, 'm'))
    }
  })
})

describe('the flag table of the kit in docs/conformance.md', () => {
  it('lists every flag of petstore-conformance with its default, and no other', async () => {
    const out = { stdout: '' }
    const code = await runCli(['--help'], {
      stdout: { write: (text: string) => (out.stdout += text) },
      stderr: { write: () => true },
      env: {},
    })
    expect(code).toBe(0)
    const options = parseHelpOptions(out.stdout)
    expect(options.map((option) => option.names[0])).toContain('base-url')
    const table = findTable(
      parseMarkdownTables(await page),
      ['flag', 'default', 'what it does'],
      'Flags',
    )
    expect(compareFlags(table, options)).toEqual([])
  })

  it('is compared for real: a flag missing from the table is named', async () => {
    const options = [...parseHelpOptions('Options:\n  --made-up  Made up  [string]\n')]
    const table = findTable(
      parseMarkdownTables(await page),
      ['flag', 'default', 'what it does'],
      'Flags',
    )
    expect(compareFlags(table, options)).toContain('CLI option --made-up has no docs row')
  })
})

describe("docs/conformance.md's rule for secrets in the reports", () => {
  it('names the placeholders, the minimum lengths and the usage errors the code has', async () => {
    const text = await page
    const section = text.slice(text.indexOf('### Keys and other secrets in the reports'))
    const table = findTable(parseMarkdownTables(section), ['secret', 'written as'], 'secrets')
    expect(table.rows.map((row) => row[1])).toEqual(
      [KEY_PLACEHOLDER, OTHER_KEY_PLACEHOLDER, PASSWORD_PLACEHOLDER].map((name) => `\`${name}\``),
    )
    expect(section).toContain(
      `at least ${MIN_SECRET_PART_LENGTH} characters (\`MIN_SECRET_PART_LENGTH\`)`,
    )
    expect(section).toContain(
      `shorter than ${MIN_SECRET_LENGTH} characters (\`MIN_SECRET_LENGTH\`) is a usage`,
    )
    // The rule holds as written: a part of that length is hidden, a shorter one is not,
    // and a shorter key is refused.
    const key = 'sk_live_0123456789'
    const redactor = createRedactor([{ value: key, placeholder: KEY_PLACEHOLDER }])
    expect(redactor.text(key.slice(0, MIN_SECRET_PART_LENGTH))).toBe(KEY_PLACEHOLDER)
    expect(redactor.text(key.slice(0, MIN_SECRET_PART_LENGTH - 1))).toBe(
      key.slice(0, MIN_SECRET_PART_LENGTH - 1),
    )
    expect(() =>
      kitSecrets({ baseUrl: 'http://h/v1', token: 'k'.repeat(MIN_SECRET_LENGTH - 1) }),
    ).toThrow(/--token is shorter/)
    expect(() =>
      kitSecrets({ baseUrl: 'http://h/v1', token: ' sk_a ', otherToken: 'sk_a' }),
    ).toThrow(/another key than --token/)
  })
})
