import { closeSync, fsyncSync, openSync } from 'node:fs'
import { open, rename, rm } from 'node:fs/promises'
import { dirname } from 'node:path'

/**
 * Replaces `file` with `text` so that a crash leaves either the old file or
 * the new one, never a torn one: writes `file.tmp`, fsyncs it, renames it
 * over `file` and fsyncs the directory. A write or rename that fails removes
 * `file.tmp` (the file stays as it was) and rethrows. The data file's
 * snapshots and the recorder (`--record`) write this way.
 *
 * @example
 * await writeFileAtomically('pets.json', `${JSON.stringify(dataset)}\n`)
 */
export async function writeFileAtomically(file: string, text: string): Promise<void> {
  const temporary = `${file}.tmp`
  try {
    const handle = await open(temporary, 'w')
    try {
      await handle.writeFile(text)
      await handle.sync()
    } finally {
      await handle.close()
    }
    await rename(temporary, file)
  } catch (error) {
    // A snapshot that did not replace the file is dropped: the file stays as it was.
    await rm(temporary, { force: true }).catch(() => undefined)
    throw error
  }
  syncDirectory(file)
}

function syncDirectory(file: string): void {
  const fd = openSync(dirname(file), 'r')
  try {
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
}
