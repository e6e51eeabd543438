import { existsSync, readFileSync } from 'node:fs'

/**
 * The whole lines of an append-only log (the data file's journal, the
 * recorder's log), without their line ends: a torn last line, which a crash
 * mid-write leaves without its `\n`, is left out. A file that does not exist
 * has none.
 *
 * @example
 * readWholeLines('pets.json.journal') // ['{"epoch":1,"pet":{…}}', …]
 */
export function readWholeLines(file: string): Array<string> {
  if (!existsSync(file)) return []
  const text = readFileSync(file, 'utf8')
  const end = text.lastIndexOf('\n')
  return end === -1 ? [] : text.slice(0, end).split('\n')
}
