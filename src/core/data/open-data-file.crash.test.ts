import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'

const ROOT = fileURLToPath(new URL('../../../', import.meta.url))
const BIN = join(ROOT, 'bin/petstore-mock.ts')
const AUTH = { authorization: 'Bearer sk_test_enterprise' }
const directory = mkdtempSync(join(tmpdir(), 'petstore-crash-'))
const children = new Set<ChildProcess>()
afterAll(() => {
  for (const child of children) child.kill('SIGKILL')
  rmSync(directory, { recursive: true, force: true })
})

interface Launched {
  child: ChildProcess
  /** The server's URL once it listens; rejects if it exits first. */
  url: Promise<string>
  /** Resolves with the exit code. */
  exited: Promise<number | null>
  /** Everything printed to stderr so far. */
  stderr: () => string
}

/** Starts the real server on a free port with `--data-file file`. */
function launch(file: string): Launched {
  const child = spawn(
    process.execPath,
    [BIN, '--port', '0', '--quiet', '--rate-limit', 'off', '--data-file', file],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  )
  children.add(child)
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      children.delete(child)
      resolve(code)
    }),
  )
  let output = ''
  let stderr = ''
  const url = new Promise<string>((resolve, reject) => {
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk
      const match = /listening on (http:\/\/\S+)/.exec(output)
      if (match?.[1]) resolve(match[1])
    })
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk
      stderr += chunk
    })
    void exited.then((code) => reject(new Error(`exited with ${code}: ${output}`)))
  })
  url.catch(() => undefined)
  return { child, url, exited, stderr: () => stderr }
}

/** Starts the real server and resolves once it listens. */
async function startServer(file: string): Promise<{ child: ChildProcess; url: string }> {
  const launched = launch(file)
  return { child: launched.child, url: await launched.url }
}

async function createPet(url: string, name: string): Promise<{ id: number; name: string }> {
  const response = await fetch(`${url}/v1/pets`, {
    method: 'POST',
    headers: { ...AUTH, 'content-type': 'application/json' },
    body: JSON.stringify({ name, categoryId: 1 }),
  })
  if (response.status !== 201) throw new Error(`answered ${response.status}`)
  return (await response.json()) as { id: number; name: string }
}

/** The pid a lock file names. */
const lockPid = (file: string) => JSON.parse(readFileSync(`${file}.lock`, 'utf8')).pid

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
          acknowledged.push(await createPet(first.url, name))
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
    // The claim of the killed process is left behind, and taken over.
    expect(lockPid(file)).toBe(first.child.pid)

    const second = await startServer(file)
    try {
      expect(lockPid(file)).toBe(second.child.pid)
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

describe('--data-file held by a running process', () => {
  it('makes a second server on the same file refuse to start, and the first keeps serving', async () => {
    const file = join(directory, 'shared.json')
    const first = await startServer(file)
    try {
      const before = await createPet(first.url, 'Before')
      const files = [file, `${file}.journal`, `${file}.lock`]
      const contents = files.map((name) => readFileSync(name, 'utf8'))

      const second = launch(file)
      expect(await second.exited).toBe(1)
      expect(second.stderr()).toBe(
        `[petstore-mock] Failed to open the data file: ${file} is in use by process ${first.child.pid} (see ${file}.lock); stop it first, use another data file, or delete ${file}.lock if that process is not a petstore-mock.\n`,
      )
      // The refused process touched none of the files.
      expect(files.map((name) => readFileSync(name, 'utf8'))).toEqual(contents)

      const after = await createPet(first.url, 'After')
      expect(after.id).toBe(before.id + 1)
      const listed = await fetch(`${first.url}/v1/pets/${before.id}`, { headers: AUTH })
      expect(listed.status).toBe(200)
    } finally {
      first.child.kill('SIGKILL')
    }
  })

  it('gives the file up on SIGTERM: the lock file is gone and the next server starts', async () => {
    const file = join(directory, 'released.json')
    const first = launch(file)
    const created = await createPet(await first.url, 'Kept')
    expect(lockPid(file)).toBe(first.child.pid)
    first.child.kill('SIGTERM')
    expect(await first.exited).toBe(0)
    expect(existsSync(`${file}.lock`)).toBe(false)

    const second = await startServer(file)
    try {
      const response = await fetch(`${second.url}/v1/pets/${created.id}`, { headers: AUTH })
      expect(response.status).toBe(200)
    } finally {
      second.child.kill('SIGKILL')
    }
  })
})
