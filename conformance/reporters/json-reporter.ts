import type { ConformanceResult } from '../model/types.ts'

/**
 * The whole result as one JSON document (stable field names, the key never
 * in clear).
 *
 * @example
 * await writeFile('reports/conformance.json', jsonReport(result))
 */
export function jsonReport(result: ConformanceResult): string {
  return `${JSON.stringify(result, null, 2)}\n`
}
