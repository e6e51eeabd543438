import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const BIN = join(ROOT, 'bin/petstore-mock.ts')
const AUTH = { authorization: 'Bearer sk_test_enterprise' }
const directory = mkdtempSync(join(tmpdir(), 'petstore-crash-'))
const children = new Set<ChildProcess>()
afterAll(() => {
  for (const child of children) child.kill('SIGKILL')
  rmSync(directory, { recursive: true, force: true })
})

/** Starts the real server on a free port and resolves with its URL. */
async function startServer(file: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(
    process.execPath,
    [BIN, '--port', '0', '--quiet', '--rate-limit', 'off', '--data-file', file],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  )
  children.add(child)
  child.once('exit', () => children.delete(child))
  let output = ''
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk
      const match = /listening on (http:\/\/\S+)/.exec(output)
      if (match?.[1]) resolve(match[1])
    })
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk
    })
    child.once('exit', (code) => reject(new Error(`exited with ${code}: ${output}`)))
  })
  return { child, url }
}

describe('--data-file after kill -9', () => {
  it('keeps every acknowledged create and loads again', async () => {
    const file = join(directory, 'pets.json')
    const first = await startServer(file)
    const acknowledged: Array<{ id: number; name: string }> = []
    const exited = new Promise((resolve) => first.child.once('exit', resolve))
    let killed = false
    let sent = 0
    const worker = async () => {
      while (!killed) {
        const name = `Pet ${sent++}`
        try {
          const response = await fetch(`${first.url}/v1/pets`, {
            method: 'POST',
            headers: { ...AUTH, 'content-type': 'application/json' },
            body: JSON.stringify({ name, categoryId: 1 }),
          })
          if (response.status !== 201) throw new Error(`answered ${response.status}`)
          const pet = (await response.json()) as { id: number; name: string }
          acknowledged.push(pet)
          // Kill mid-way: creates are still in flight on the other connections.
          if (acknowledged.length === 300 && !killed) {
            killed = true
            first.child.kill('SIGKILL')
          }
        } catch (error) {
          if (!killed) throw error
        }
      }
    }
    await Promise.all(Array.from({ length: 25 }, worker))
    await exited
    expect(acknowledged.length).toBeGreaterThanOrEqual(300)

    const second = await startServer(file)
    try {
      for (const pet of acknowledged) {
        const response = await fetch(`${second.url}/v1/pets/${pet.id}`, { headers: AUTH })
        expect(response.status, `pet ${pet.id}`).toBe(200)
        expect(((await response.json()) as { name: string }).name).toBe(pet.name)
      }
    } finally {
      second.child.kill('SIGKILL')
    }
  }, 20_000)
})
