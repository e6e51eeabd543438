import { constants } from 'node:fs'
import { open, readdir, stat } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import {
  COVERAGE_FILE_SUFFIX,
  MAX_COVERAGE_FILE_BYTES,
  MAX_COVERAGE_FILES,
  parseCoverageFile,
  type ReadCoverageFile,
} from '../core/coverage/coverage-file.ts'
import { formatMessage } from '../errors/format-message.ts'
import { messageOf } from '../errors/message-of.ts'
import { showControls } from '../utils/show-controls.ts'

/** Folders are searched this many levels deep below each one given (CI artifacts nest one or two). */
export const MAX_COVERAGE_DEPTH = 4

/** At most this many entries of folders are looked at in all, files or not. */
export const MAX_FOLDER_ENTRIES = 100_000

/**
 * What `readCoverageFiles` found: the files read, and a message for each
 * that could not be (`[petstore-mock] Failed to read the coverage file …`).
 *
 * @example
 * const { files, problems }: CoverageFiles = await readCoverageFiles(['petstore-coverage'])
 */
export interface CoverageFiles {
  files: Array<ReadCoverageFile & { path: string }>
  problems: Array<string>
}

/**
 * Reads the coverage files of the paths given: a file is read as one; a
 * folder is searched for files named `*.petstore-coverage.json`, at most
 * {@link MAX_COVERAGE_DEPTH} levels down, symbolic links not followed. Each
 * file is at most `MAX_COVERAGE_FILE_BYTES` (1 MiB), at most
 * `MAX_COVERAGE_FILES` files and {@link MAX_FOLDER_ENTRIES} folder entries
 * are looked at: past a bound no file is read; for a bound passed, or a
 * file that is not a coverage file, a message says so and nothing is thrown.
 *
 * @example
 * const { files, problems } = await readCoverageFiles(['petstore-coverage', 'shard-2'])
 */
export async function readCoverageFiles(paths: ReadonlyArray<string>): Promise<CoverageFiles> {
  const found: Array<string> = []
  const problems: Array<string> = []
  let entries = 0
  let full = false
  const seen = new Set<string>()
  const take = (file: string) => {
    // A file reached twice (a folder given twice, or inside another given) is read once.
    const key = resolve(file)
    if (seen.has(key)) return
    if (found.length >= MAX_COVERAGE_FILES) full = true
    else {
      seen.add(key)
      found.push(file)
    }
  }
  const search = async (dir: string, depth: number): Promise<void> => {
    let names: Array<import('node:fs').Dirent>
    try {
      names = await readdir(dir, { withFileTypes: true })
    } catch (error) {
      problems.push(fail(`read the folder ${dir}`, messageOf(error)))
      return
    }
    names.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    for (const entry of names) {
      if (++entries > MAX_FOLDER_ENTRIES || full) return
      const path = join(dir, entry.name)
      if (entry.isFile() && entry.name.endsWith(COVERAGE_FILE_SUFFIX)) take(path)
      else if (entry.isDirectory() && depth < MAX_COVERAGE_DEPTH) await search(path, depth + 1)
    }
  }
  for (const path of paths) {
    let stats: import('node:fs').Stats
    try {
      stats = await stat(path)
    } catch (error) {
      problems.push(fail(`read the coverage of ${path}`, messageOf(error)))
      continue
    }
    if (stats.isDirectory()) await search(path, 0)
    else if (stats.isFile()) take(path)
    // A FIFO, a socket or a device could block a read for ever.
    else problems.push(fail(`read the coverage of ${path}`, 'it is neither a file nor a folder'))
  }
  if (entries > MAX_FOLDER_ENTRIES) {
    problems.push(
      fail(
        'find the coverage files',
        `more than ${MAX_FOLDER_ENTRIES} folder entries to look at; give the folders of the coverage files`,
      ),
    )
  }
  if (full) {
    problems.push(fail('find the coverage files', `more than ${MAX_COVERAGE_FILES} coverage files`))
  }
  const files: CoverageFiles['files'] = []
  // Past a bound, nothing is read: the merge would be of a part, chosen by name.
  if (full || entries > MAX_FOLDER_ENTRIES) return { files, problems }
  for (const path of found) {
    try {
      files.push({ ...parseCoverageFile(await readBounded(path)), path })
    } catch (error) {
      problems.push(fail(`read the coverage file ${path}`, messageOf(error)))
    }
  }
  return { files, problems }
}

/** The text of a regular file of at most `MAX_COVERAGE_FILE_BYTES`. */
async function readBounded(path: string): Promise<string> {
  // Never blocks on opening: a FIFO put in place of a file meanwhile is refused below.
  const handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK)
  try {
    const stats = await handle.stat()
    if (!stats.isFile()) throw new Error('it is not a file')
    if (stats.size > MAX_COVERAGE_FILE_BYTES) {
      throw new Error(`it is ${stats.size} bytes, more than ${MAX_COVERAGE_FILE_BYTES}`)
    }
    // One byte past its size: a file that grew meanwhile is read only that far.
    const buffer = Buffer.alloc(stats.size + 1)
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0)
    if (bytesRead > MAX_COVERAGE_FILE_BYTES) {
      throw new Error(`it is more than ${MAX_COVERAGE_FILE_BYTES} bytes`)
    }
    return new TextDecoder('utf-8', { fatal: false }).decode(buffer.subarray(0, bytesRead))
  } finally {
    await handle.close()
  }
}

const fail = (action: string, reason: string) => showControls(formatMessage(action, reason))
