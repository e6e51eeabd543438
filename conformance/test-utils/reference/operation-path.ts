// Stryker disable all: the paths the spelling switch and the faults read, not the server's own routing

/**
 * A path below the base that is an operation's path as the spec writes it:
 * what the `pathSpellings` switch and the path faults compare a spelling with.
 *
 * @example
 * OPERATION_PATH.test('/pets/7') // true
 */
export const OPERATION_PATH = /^\/(pets(\/[^/]+)?|store\/orders)$/
