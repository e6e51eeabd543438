import { existsSync } from 'node:fs'
import { type FileHandle, open } from 'node:fs/promises'
import { ApiError } from '../../errors/api-error.ts'
import { ConfigError } from '../../errors/config-error.ts'
import { messageOf } from '../../errors/message-of.ts'
import type { Pet } from '../../spec/pet.ts'
import { isPlainObject } from '../../utils/is-plain-object.ts'
import { claimDataFile, type DataFileClaim } from './claim-data-file.ts'
import type { Persistence } from './create-store.ts'
import { parseFixtures } from './parse-fixtures.ts'
import { readJsonFile } from './read-json-file.ts'
import { readWholeLines } from './read-whole-lines.ts'
import type { Dataset } from './seed-data.ts'
import { resolveLinks, writeFileAtomically } from './write-file-atomically.ts'

/** At most this many creates are written and flushed together (one group commit). */
export const MAX_JOURNAL_BATCH = 1_000

/** The `format` field of a data file's snapshot. */
const FORMAT = 'petstore-mock-data/1'

/**
 * A data file: a persistence the server starts from and writes to.
 *
 * @example
 * const dataFile: DataFile = openDataFile('pets.json')
 * await dataFile.close()
 */
export interface DataFile extends Persistence {
  /** Waits for pending writes, closes the journal and gives up the claim on the file. */
  close(): Promise<void>
}

/**
 * Keeps the mock's data in `file` (a JSON snapshot in the fixtures format)
 * and `file.journal` (one JSON line per created pet, since the snapshot).
 * Creates are appended by one writer loop that writes and `fdatasync`s them in
 * batches (group commit): `append` resolves only once its pet is on disk.
 * `reset` (also the start-up compaction) writes a new snapshot to a temporary
 * file, fsyncs it, renames it over `file` and fsyncs the directory, then
 * empties the journal; a snapshot that fails on the way is removed, leaving
 * `file` and its journal as they were. Each snapshot has an `epoch`; journal lines carry the
 * epoch they belong to, so lines of an older snapshot are never replayed. A
 * torn last line (a crash mid-write) is dropped on load: it was never
 * acknowledged. The first load (or write) claims the file for this process
 * (`FILE.lock`, see `claimDataFile`) before it reads anything: another
 * process that has it makes `load` throw a `ConfigError`
 * (`ERR_PETSTORE_DATA_FILE_IN_USE`) and leaves the files untouched. A load
 * that fails gives the claim up again; `close()` and the end of the process
 * do too. A `file` that is a symbolic link is followed once, when opened:
 * the lock, the journal and the snapshots are its target's (the link stays).
 *
 * @example
 * const dataFile = openDataFile('pets.json')
 * const petstore = createPetstoreCore({ persistence: dataFile })
 */
export function openDataFile(file: string): DataFile {
  // A link is followed once: the lock, the journal and the snapshot are the target's.
  const path = resolveLinks(file)
  const journalFile = `${path}.journal`
  let epoch = 0
  let claim: DataFileClaim | undefined
  const claimed = () => {
    claim ??= claimDataFile(path)
  }
  const release = () => {
    claim?.release()
    claim = undefined
  }
  let journal: FileHandle | undefined
  /** Bytes of the journal known to be whole lines on disk. */
  let committed = 0
  let queue: Array<{ line: string; resolve: () => void; reject: (error: unknown) => void }> = []
  let flushing = false
  /** Every write to the files runs on this one lane, in order. */
  let lane: Promise<unknown> = Promise.resolve()
  const onLane = <T>(task: () => Promise<T>): Promise<T> => {
    const result = lane.then(task)
    lane = result.catch(() => undefined)
    return result
  }

  const flush = async () => {
    while (queue.length > 0) {
      const batch = queue.slice(0, MAX_JOURNAL_BATCH)
      queue = queue.slice(batch.length)
      const text = batch.map((entry) => entry.line).join('')
      try {
        const handle = await openJournal()
        await handle.appendFile(text)
        await handle.datasync()
        committed += Buffer.byteLength(text)
        for (const entry of batch) entry.resolve()
      } catch (error) {
        // Cut a partly written batch off, so the journal stays whole lines.
        await journal?.truncate(committed).catch(() => undefined)
        const failure = toApiError(error)
        for (const entry of batch) entry.reject(failure)
      }
    }
    flushing = false
  }

  const openJournal = async () => {
    claimed()
    journal ??= await open(journalFile, 'a')
    return journal
  }

  const writeSnapshot = async (dataset: Dataset) => {
    const next = epoch + 1
    const handle = await openJournal()
    await writeFileAtomically(
      path,
      `${JSON.stringify({ format: FORMAT, epoch: next, ...dataset })}\n`,
    )
    // From here the new snapshot is what loads; lines of the old epoch are ignored.
    epoch = next
    await handle.truncate(0)
    committed = 0
  }

  const load = ({ maxRecords }: { maxRecords: number }) => {
    if (!existsSync(path)) return undefined
    const action = `load the data file ${file}`
    let data: unknown = readJsonFile(path, action)
    if (isPlainObject(data)) {
      // A plain fixtures file (no format, no epoch) is a valid start too.
      const { format, epoch: stored, ...rest } = data
      if (format !== undefined && format !== FORMAT) {
        fail(action, `"format" must be "${FORMAT}", got ${JSON.stringify(format)}`)
      }
      if (stored !== undefined && !Number.isSafeInteger(stored)) {
        fail(action, `"epoch" must be an integer, got ${JSON.stringify(stored)}`)
      }
      epoch = (stored as number | undefined) ?? 0
      data = rest
    }
    const records: Array<unknown> = []
    const lineNumbers: Array<number> = []
    readJournal(journalFile, action).forEach((line, index) => {
      if (!isPlainObject(line) || !Number.isSafeInteger(line.epoch) || !('pet' in line)) {
        fail(action, `${journalFile} line ${index + 1} must be {"epoch": N, "pet": {...}}`)
      }
      if (line.epoch !== epoch) return
      records.push(line.pet)
      lineNumbers.push(index + 1)
    })
    return parseFixtures(data, {
      action,
      maxRecords,
      morePets: { records, label: (index) => `${journalFile} line ${lineNumbers[index]}` },
    })
  }

  return {
    load(limits) {
      claimed()
      try {
        return load(limits)
      } catch (error) {
        release()
        throw error
      }
    },
    append(pet: Pet) {
      return new Promise<void>((resolve, reject) => {
        queue.push({ line: `${JSON.stringify({ epoch, pet })}\n`, resolve, reject })
        if (!flushing) {
          flushing = true
          void onLane(flush)
        }
      })
    },
    reset(dataset) {
      return onLane(() => writeSnapshot(dataset)).catch((error: unknown) => {
        if (error instanceof ConfigError) throw error
        throw new ConfigError('ERR_PETSTORE_FILE', `write the data file ${file}`, messageOf(error))
      })
    },
    async close() {
      await onLane(async () => {
        await journal?.close()
        journal = undefined
        release()
      })
    },
  }
}

function toApiError(error: unknown): unknown {
  if ((error as NodeJS.ErrnoException).code === 'ENOSPC') {
    return new ApiError('storage_full', 'The disk of the data file is full; nothing was created.')
  }
  return error
}

function fail(action: string, reason: string): never {
  throw new ConfigError('ERR_PETSTORE_INVALID_FIXTURES', action, reason)
}

/** The parsed whole lines of the journal; a torn last line is left out. */
function readJournal(file: string, action: string): Array<unknown> {
  return readWholeLines(file).map((line, index) => {
    try {
      return JSON.parse(line) as unknown
    } catch {
      return fail(action, `${file} line ${index + 1} is not valid JSON`)
    }
  })
}
