import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { request } from 'undici'
import { describe, expect, it } from 'vitest'
import { openDataFile } from '../../core/data/open-data-file.ts'
import { withMockServer } from '../../test-utils/with-mock-server.ts'
import { startServer } from './start-server.ts'

const auth = { authorization: 'Bearer sk_test_free' }

describe('startServer', () => {
  const mock = withMockServer()

  it('serves the seeded pets over real HTTP', async () => {
    const response = await request(`${mock.current.url}/v1/pets`, { headers: auth })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('application/json')
    const pets = (await response.body.json()) as Array<{ id: number }>
    expect(pets).toHaveLength(20)
    expect(pets.map((pet) => pet.id)).toEqual([...pets.map((pet) => pet.id)].sort((a, b) => a - b))
  })

  it('answers 401 with an Error body without a key', async () => {
    const response = await request(`${mock.current.url}/v1/pets`)
    expect(response.statusCode).toBe(401)
    expect(response.headers['www-authenticate']).toBe('Bearer realm="petstore"')
    expect(await response.body.json()).toMatchObject({ code: 'unauthorized', status: 401 })
  })
})

describe('startServer that cannot listen', () => {
  it('lets go of its data file, so another start in the process can open it', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'petstore-start-'))
    const file = join(directory, 'pets.json')
    const blocker = await startServer({ port: 0, host: '127.0.0.1' })
    try {
      await expect(
        startServer({ port: blocker.port, host: '127.0.0.1', persistence: openDataFile(file) }),
      ).rejects.toMatchObject({ code: 'ERR_PETSTORE_PORT_IN_USE' })
      const second = await startServer({
        port: 0,
        host: '127.0.0.1',
        persistence: openDataFile(file),
      })
      await second.close()
    } finally {
      await blocker.close()
      rmSync(directory, { recursive: true, force: true })
    }
  })
})
