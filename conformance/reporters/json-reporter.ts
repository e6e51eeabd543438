import { showControls } from '../../src/utils/show-controls.ts'
import type { ConformanceResult } from '../model/types.ts'

/**
 * The whole result as one JSON document (stable field names, the key never
 * in clear). Control characters are written as JSON escapes, also those
 * `JSON.stringify` leaves as they are (C1, bidirectional overrides), so a
 * terminal that shows the file runs none of them; the parsed result is the same.
 *
 * @example
 * await writeFile('reports/conformance.json', jsonReport(result))
 */
export function jsonReport(result: ConformanceResult): string {
  return `${showControls(JSON.stringify(result, null, 2))}\n`
}
