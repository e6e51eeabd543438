/**
 * The dashboard's script, run in the page (serialized with `toString()`, so
 * it must not reference anything outside itself).
 *
 * @example
 * const source = `(${dashboardMain.toString()})()`
 */
export function dashboardMain(): void {
  document.title = 'petstore-mock'
}
