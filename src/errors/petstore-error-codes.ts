/**
 * Every stable `code` of an error the mock throws (a `PetstoreError`, a
 * `ConfigError`, a `ControlApiError`), with when it is thrown. The conformance
 * kit's own codes, `ERR_PETSTORE_CONFORMANCE_*`, are its `KIT_CODES`; an
 * `ApiError` carries the `code` of its Error body (`ERROR_CODES`).
 *
 * @example
 * Object.keys(PETSTORE_ERROR_CODES).includes(error.code) // a code the mock throws
 */
export const PETSTORE_ERROR_CODES = {
  ERR_PETSTORE_INVALID_OPTION: 'an option, or an argument of a function, is not valid',
  ERR_PETSTORE_INVALID_FLAG: 'a flag of petstore-mock is not valid',
  ERR_PETSTORE_INVALID_KEY: 'an API key given (option, --api-key, --keys) is not valid',
  ERR_PETSTORE_INVALID_FILTER: 'a journal filter given in-process is not valid',
  ERR_PETSTORE_INVALID_FIXTURES: 'fixtures or a data file do not hold valid data',
  ERR_PETSTORE_INVALID_HOST: 'the host to listen on is not an address of this machine',
  ERR_PETSTORE_INVALID_SCENARIO: 'a scenario given in-process is not valid',
  ERR_PETSTORE_FILE: 'a file could not be read or written',
  ERR_PETSTORE_DATA_FILE_IN_USE: 'another petstore holds the data file',
  ERR_PETSTORE_DUPLICATE_ID: 'a record is created with an id that is taken',
  ERR_PETSTORE_NO_DB: 'the collections are read before they are loaded, or where there are none',
  ERR_PETSTORE_PORT_IN_USE: 'the port to listen on is taken',
  ERR_PETSTORE_TOO_MANY_LISTENERS: 'one more listener than the journal keeps',
  ERR_PETSTORE_WAIT_TIMEOUT: 'no request came that a wait asked for, in time',
  ERR_PETSTORE_UNREACHABLE: 'the remote-control client got no answer from the mock',
  ERR_PETSTORE_CONTROL_API: "the mock's control API answered the client with an Error body",
  ERR_PETSTORE_INTERNAL: 'a failure of the mock itself',
} as const

/**
 * The stable code of an error the mock throws: a key of `PETSTORE_ERROR_CODES`
 * (a code not in the table does not compile).
 *
 * @example
 * const code: PetstoreErrorCode = 'ERR_PETSTORE_INVALID_OPTION'
 */
export type PetstoreErrorCode = keyof typeof PETSTORE_ERROR_CODES
