/**
 * The dashboard's HTML and CSS.
 *
 * @example
 * const html = dashboardPage()
 */
export function dashboardPage(): string {
  return '<!doctype html><title>petstore-mock</title><script src="dashboard.js"></script>'
}
