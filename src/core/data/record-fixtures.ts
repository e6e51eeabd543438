import { accessSync, constants, rmSync } from 'node:fs'
import { type FileHandle, open } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'
import { ConfigError } from '../../errors/config-error.ts'
import { formatMessage } from '../../errors/format-message.ts'
import { messageOf } from '../../errors/message-of.ts'
import { claimDataFile } from './claim-data-file.ts'
import { type RecordedAnswer, RecordedData } from './recorded-data.ts'
import { resolveLinks, writeFileAtomically } from './write-file-atomically.ts'

/**
 * The recorder (`--record FILE`): the pets and orders seen in upstream answers.
 *
 * @example
 * const recorder = createFixtureRecorder('recorded.json')
 */
export interface FixtureRecorder {
  observe(answer: RecordedAnswer): void
  /** Resolves once what was seen is in the log. */
  flush(): Promise<void>
  /** Writes FILE whole (the log folded in), removes the log and gives the file up. */
  close(): Promise<void>
  /** Records kept, and records left out (ids beyond what the mock holds, bad records, over the bound). */
  counts(): { pets: number; orders: number; skipped: number }
}

/** At most this many changed records are appended to the log in one write (and one `fdatasync`). */
export const MAX_RECORD_BATCH = 1_000

/**
 * The log is folded into FILE once it holds more lines than this, or than
 * FILE holds records if that is more: each line is then rewritten at most
 * once on average, whatever the size of FILE.
 */
export const MIN_LINES_BEFORE_FOLD = 10_000

/**
 * Records the pets and orders of upstream answers (a list or a pet, the
 * orders list) into `file` in the `--fixtures` format, so that
 * `petstore-mock --fixtures FILE` serves them: deduplicated by id (the last
 * answer wins), ids read exactly (an id beyond ±(2^53 − 1), which the mock
 * cannot hold, is left out and counted, never rounded), each record validated
 * as a fixture and reduced to the schema's fields (so nothing else the
 * upstream sent, and no credential, is ever written; C1 and bidi controls are
 * written as JSON escapes, `showControls`). A `file` that exists
 * is added to, by id: what it holds is read first (as `--fixtures` reads
 * it) and kept, a record with a new id is added, one with the same id is
 * replaced by the newer answer; a file that is not valid fixtures throws a
 * `ConfigError` naming it, and nothing is recorded over it. The categories are
 * the mock's six seeded ones (`Dogs`, `Cats`, … ids 1 to 6), those the file
 * named, and every other id the pets name, as `Category N` (the spec shows no
 * category names); an order is written once its pet is. At most
 * `LIMITS.maxRecords` pets and orders each.
 *
 * One recorder per file: the file is claimed at once (`FILE.lock`, as
 * `--data-file` claims its file; a link is followed first), and a second
 * recorder, or a data file, on it throws a `ConfigError`
 * (`ERR_PETSTORE_DATA_FILE_IN_USE`) naming the process that has it. A record
 * that changes costs the same whatever FILE holds: its id is marked, and one
 * writer appends the marked records, at most {@link MAX_RECORD_BATCH} at a
 * time, to `FILE.recording` (one JSON line each) and fdatasyncs them. Once the
 * log holds more than {@link MIN_LINES_BEFORE_FOLD} lines, or more lines than
 * FILE records, FILE is written again whole, crash-safely
 * (`writeFileAtomically`), {@link RECORD_CHUNK} records per turn of the event
 * loop, and the log emptied; `close()` does the same and removes the log. A
 * log left by a crash is read at the next start (a torn last line dropped)
 * and folded into FILE. A folder that does not exist or cannot be written
 * throws a `ConfigError` (`ERR_PETSTORE_FILE`) at once; a write that fails
 * later is reported once to `onError` (what was seen stays in memory, and is
 * written by the next fold).
 *
 * @example
 * const recorder = createFixtureRecorder('recorded.json')
 * recorder.observe({ operationId: 'getPet', status: 200, text: '{"id":7,"name":"Rex","categoryId":1}', complete: true })
 * await recorder.close()
 */
export function createFixtureRecorder(
  file: string,
  onError: (message: string) => void = (message) => console.error(message),
): FixtureRecorder {
  const folder = dirname(resolve(file))
  const action = `record to ${file}`
  try {
    accessSync(folder, constants.W_OK)
  } catch {
    throw new ConfigError(
      'ERR_PETSTORE_FILE',
      action,
      `its folder ${folder} does not exist or is not writable`,
    )
  }
  const path = resolveLinks(file)
  const logFile = `${path}.recording`
  const claim = claimDataFile(path, action)
  const data = new RecordedData()
  let logLines = 0
  try {
    data.readFile(path, action)
    logLines = data.readLog(logFile, action)
  } catch (error) {
    claim.release()
    throw error
  }

  let log: FileHandle | undefined
  /** Bytes of the log known to be whole lines on disk. */
  let committed = 0
  let reported = false
  const report = (error: unknown) => {
    if (reported) return
    reported = true
    onError(formatMessage(`write --record ${file}`, messageOf(error)))
  }
  /** Every write to the files runs on this one lane, in order. */
  let lane: Promise<void> = Promise.resolve()
  let scheduled = false
  const onLane = (task: () => Promise<void>) => {
    lane = lane.then(task).catch(report)
    return lane
  }

  const appendMarked = async () => {
    while (data.marked > 0) {
      const lines = data.takeLines(MAX_RECORD_BATCH)
      const text = lines.join('')
      try {
        log ??= await open(logFile, 'a')
        await log.appendFile(text)
        await log.datasync()
        committed += Buffer.byteLength(text)
        logLines += lines.length
      } catch (error) {
        // Cut a partly written batch off, so the log stays whole lines; memory still has it all.
        await log?.truncate(committed).catch(() => undefined)
        throw error
      }
    }
  }

  const fold = async () => {
    // What FILE will hold, taken now: later changes go to the log after this fold.
    await writeFileAtomically(path, data.fixtures())
    // FILE now holds everything the log did.
    await log?.truncate(0)
    committed = 0
    logLines = 0
  }

  const write = async () => {
    scheduled = false
    await appendMarked()
    if (logLines > Math.max(MIN_LINES_BEFORE_FOLD, data.pets.size + data.orders.size)) await fold()
  }

  // A log left by a crash is folded in at once.
  if (logLines > 0) void onLane(fold)

  return {
    observe(answer) {
      const changed = data.observe(answer)
      if (changed && !scheduled) {
        scheduled = true
        void onLane(write)
      }
    },
    flush: () => onLane(appendMarked),
    close: async () => {
      await onLane(async () => {
        await appendMarked()
        // FILE whole, in the fixtures format, if anything is not in it yet.
        if (data.unwritten || logLines > 0) await fold()
        await log?.close()
        log = undefined
        rmSync(logFile, { force: true })
      })
      claim.release()
    },
    counts: () => ({ pets: data.pets.size, orders: data.orders.size, skipped: data.skipped }),
  }
}
