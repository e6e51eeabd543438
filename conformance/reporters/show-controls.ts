/**
 * The kit's one way to show a control character the server sent: as a
 * visible `\uXXXX` escape, never the character itself. Every text reporter
 * (pretty report and progress, GitHub annotations and summary, JUnit, HTML,
 * JSON) and the CLI's own lines pass what they write through it. It is the
 * package's function (the mock's JSON log uses it too), named here for the kit.
 *
 * @example
 * showControls('HTTP 200 \u001b]0;owned\u0007') // 'HTTP 200 \\u001b]0;owned\\u0007'
 */
export { showControls } from '../../src/errors/show-controls.ts'
