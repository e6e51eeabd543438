import { readFileSync } from 'node:fs'
import { ConfigError } from '../../errors/config-error.ts'

/**
 * Reads and parses a JSON file the person running the mock named; a missing
 * file or bad JSON is a `ConfigError` that says which and why.
 *
 * @example
 * const fixtures = readJsonFile('fixtures/example.json', 'load fixtures')
 */
export function readJsonFile(file: string, action: string): Record<string, never> {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (error) {
    throw new ConfigError(
      'ERR_PETSTORE_FILE',
      action,
      `cannot read "${file}" (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
    )
  }
  try {
    return JSON.parse(text)
  } catch (error) {
    throw new ConfigError(
      'ERR_PETSTORE_FILE',
      action,
      `"${file}" is not valid JSON (${(error as Error).message})`,
    )
  }
}
