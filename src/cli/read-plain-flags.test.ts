import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { promisify } from 'node:util'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { CliIo } from './cli-io.ts'
import { mockFlags } from './mock-flags.ts'
import { parseWithYargs } from './parse-mock-flags.ts'
import { readPlainFlags } from './read-plain-flags.ts'

const ENV = { PORT: '5000' }
const flags = mockFlags(ENV)
const io: CliIo = { out: () => {}, err: () => {}, env: ENV }

/** What yargs reads of `argv`, by the table's names; `undefined` when it refuses the line or prints help. */
async function yargsRead(argv: Array<string>): Promise<Record<string, unknown> | undefined> {
  let args: Record<string, unknown> | undefined
  try {
    args = await parseWithYargs(argv, io)
  } catch {
    return undefined
  }
  if (args === undefined) return undefined
  return Object.fromEntries(
    Object.keys(flags)
      .filter((name) => args[name] !== undefined)
      .map((name) => [name, args[name]]),
  )
}

describe('readPlainFlags', () => {
  it.each([
    [[]],
    [['--port', '4010']],
    [['-p', '0', '--quiet']],
    [['--port=8080', '-q', '--host', '0.0.0.0']],
    [['--seed', '42', '--pets', '500', '--orders', '0']],
    [['--no-cors', '--no-admin', '--rate-limit', 'off', '--rate-limit-scale', '0.5']],
    [['--proxy', 'https://staging.example.com/v1', '--proxy-fallback', 'mock']],
    [['--fixtures', 'fixtures/example.json', '--log-format', 'json', '--journal-size', '100']],
    [['--data-file', 'pets.json', '--max-pets', '1000', '--admin-token', 'secret']],
    [['--api-key', 'sk_a=pro', '--port', '0', '--api-key', 'sk_b=enterprise:600/100000']],
    [['--allowed-host=.example.test', '--allowed-host', 'mock.local']],
  ])('reads %j as yargs does, without yargs', async (argv) => {
    const plain = readPlainFlags(argv, flags)
    expect(plain).toBeDefined()
    expect(plain).toEqual(await yargsRead(argv))
  })

  it.each([
    [['--help']],
    [['--version']],
    [['-?']],
    [['--port']],
    [['--port', '-1']],
    [['--port', '08']],
    [['--port', '1e3']],
    [['--port', '1', '--port', '2']],
    [['--nope']],
    [['serve']],
    [['--api-key', 'sk_a=pro', 'sk_b=free']],
    [['--api-key']],
    [['--api-key', '--port', '1']],
    [['--cors=false']],
    [['--no-port', '1']],
    [['--rate-limit', 'maybe']],
    [['-qp', '1']],
    [['--host', '']],
    [['--', '--port', '1']],
  ])('leaves %j to yargs', (argv) => {
    expect(readPlainFlags(argv, flags)).toBeUndefined()
  })

  it('never reads a line otherwise than yargs, nor accepts one yargs refuses', async () => {
    const tokens = fc.constantFrom(
      ...[
        ...['--port', '-p', '--host', '-h', '--seed', '--pets', '--max-pets', '--rate-limit'],
        ...['--rate-limit-scale', '--log-format', '--proxy-fallback', '--quiet', '-q', '--cors'],
        ...['--no-cors', '--no-quiet', '--admin', '--no-admin', '--api-key', '--help', '--nope'],
        ...['--allowed-host', '--api-key=k=pro'],
        ...['--port=4010', '--host=localhost', '--cors=true', '--no-host', '-x', '--'],
      ],
      ...['0', '1', '4010', '08', '1.5', '1e3', '-1', '0x10', ' 1', '', 'on', 'off', 'json'],
      ...['text', 'mock', 'none', 'true', 'false', 'localhost', 'x=y'],
    )
    let plainLines = 0
    await fc.assert(
      fc.asyncProperty(fc.array(tokens, { maxLength: 6 }), async (argv) => {
        const plain = readPlainFlags(argv, flags)
        if (plain === undefined) return
        plainLines += 1
        expect(plain).toEqual(await yargsRead(argv))
      }),
      { numRuns: 300, seed: 18 },
    )
    // The property says something: many generated lines are plain.
    expect(plainLines).toBeGreaterThan(30)
  })

  it('starts from a plain line without loading yargs', async () => {
    const child = `
      import { registerHooks } from 'node:module'
      const loaded = []
      registerHooks({ load(url, context, next) { loaded.push(url); return next(url, context) } })
      const { parseMockFlags } = await import(${JSON.stringify(join(import.meta.dirname, 'parse-mock-flags.ts'))})
      const args = await parseMockFlags(['--port', '0', '--quiet'], { out() {}, err() {}, env: {} })
      process.stdout.write(JSON.stringify({ port: args.port, yargs: loaded.filter((url) => url.includes('/node_modules/yargs')) }))
    `
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--input-type=module', '--no-warnings', '-e', child],
      { timeout: 30_000 },
    )
    expect(JSON.parse(stdout)).toEqual({ port: 0, yargs: [] })
  })
})
