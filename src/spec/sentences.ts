/**
 * One normative sentence: of the spec (`§4.3`), or a MUST / MUST NOT of an
 * RFC it cites or implies (`RFC 6750 §3`) that bears on a server of the API.
 *
 * @example
 * const sentence: Sentence = { where: '§4.3, §7', text: '404: the requested resource cannot be found.' }
 */
export interface Sentence {
  /** Where it is written: sections of the spec (`§4.1, §8`), or an RFC and its section. */
  where: string
  /** The sentence: quoted from the spec, or a faithful short quotation of the RFC. */
  text: string
  /**
   * Set when the sentence ties something to one place (one operation, one
   * state, one caller): what that place's rule forbids everywhere else. A check
   * must then hold it that way too (`holds.elsewhere` of the catalogue).
   */
  onlyHere?: string
  /** Why no request from outside the server can show the sentence kept or broken. */
  untestable?: string
}

/** Keeps each sentence's id and its `onlyHere` literal, so ids type the checks' citations. */
function defineSentences<const All extends Record<string, Sentence>>(sentences: All): All {
  return sentences
}

/**
 * Every normative sentence the conformance kit holds a server to, written
 * once: the spec's, section by section, then the RFCs' (RFC 6750 §2.1 and §3;
 * RFC 9110 on header fields, methods, status codes and `Content-Type`; RFC
 * 8259; RFC 3986 §6; RFC 9745; RFC 8594; RFC 6585). Each check of the
 * catalogue (`src/judge/catalogue.ts`) cites the sentences it holds; a test
 * fails a sentence no check holds and a check that cites none
 * (`conformance/CATALOGUE.md` shows the table).
 *
 * @example
 * SENTENCES['spec-4.3-deprecated'].where // '§4.3, §9'
 */
export const SENTENCES = defineSentences({
  // §1 What the service does
  'spec-1-operations': {
    where: '§1',
    text: 'An animal can be listed (with an optional page size and a status filter), added, and fetched by ID.',
  },
  'spec-4.4-orders-exist': {
    where: '§1, §4.4',
    text: 'The service also has store-order operations … A `GET /store/orders` operation exists.',
  },
  // §2 Resources and their fields
  'spec-2-pet-status-values': {
    where: '§2 PetStatus, §3',
    text: 'PetStatus (string enumeration). Allowed values: `available`, `pending`, `sold`.',
  },
  'spec-2-new-pet-name': {
    where: '§2 NewPet, §4.2',
    text: 'NewPet: `name`, string, required: the animal’s name.',
  },
  'spec-2-new-pet-category-id': {
    where: '§2 NewPet, §4.2',
    text: 'NewPet: `categoryId`, integer, format int64, required: ID of the category the animal belongs to.',
  },
  'spec-2-new-pet-status': {
    where: '§2 NewPet',
    text: 'NewPet: `status`, PetStatus, not required: one of the PetStatus values.',
  },
  'spec-2-pet-fields': {
    where: '§2 Pet',
    text: 'Pet: all fields of NewPet plus `id`. A Pet has required fields `id`, `name` and `categoryId`. Field `status` is optional.',
  },
  'spec-2-pet-id': {
    where: '§2 Pet',
    text: '`id`: integer, format int64, required. Unique identifier, assigned by the service on creation.',
    onlyHere:
      'assigned by the service: an `id` sent in a create’s body neither chooses the new pet’s id nor changes the pet that has it',
  },
  'spec-2-pets': {
    where: '§2 Pets, §4.1',
    text: 'Pets: a JSON array of Pet objects. This is the response body of the list operation.',
  },
  'spec-2-error-body': {
    where: '§2 Error, §7',
    text: 'Error responses carry the Error body (`code`, `message`, `status`): `code` string, required, machine-readable error code; `message` string, required, human-readable description; `status` integer, required.',
  },
  'spec-7-error-status': {
    where: '§2 Error, §7',
    text: '`status` repeats the HTTP status code.',
  },
  // §3 States and transitions
  'spec-3-no-status-change': {
    where: '§3',
    text: 'No operation that changes the status of an existing animal is specified.',
  },
  // §4 Endpoints
  'spec-4-json-bodies': {
    where: '§1, §4',
    text: 'The service is a JSON-over-HTTP interface … All request and response bodies are `application/json`.',
  },
  'spec-7-errors': {
    where: '§4.1 to §4.3, §7',
    text: 'Responses: 200 or 201, then the errors of §7: 400 (`POST /pets`), 401 (all animal operations), 404 (`GET /pets/{petId}`), 429 (any request).',
    onlyHere:
      'no other status is specified: a 5xx answers with a status no table of the spec gives',
  },
  'spec-4.1-list': {
    where: '§4.1',
    text: '`GET /pets` (`listPets`) returns a paginated list of animals: 200 with Pets (array of Pet).',
  },
  'spec-4.1-limit-range': {
    where: '§4.1, §8 Query limits',
    text: '`limit`, integer, not required: minimum 1, maximum 100 (“`limit` parameter of `GET /pets`: 1 to 100”).',
  },
  'spec-4.1-limit-default': {
    where: '§4.1, §8 Query limits',
    text: '`limit` … default 20.',
  },
  'spec-4.1-limit-maximum': {
    where: '§4.1',
    text: '`limit` … Maximum number of animals returned.',
  },
  'spec-4.1-status-filter': {
    where: '§4.1',
    text: '`status`, PetStatus, not required: filters the list by availability status.',
  },
  'spec-4.2-create': {
    where: '§4.2',
    text: '`POST /pets` (`createPet`), request body (required) NewPet: 201 with the Pet, the created animal, including the assigned `id`.',
    onlyHere:
      'the spec creates by `POST /pets` alone: `PUT` or `PATCH /pets`, or a `POST` overridden to another method, creates nothing',
  },
  'spec-4.2-400': {
    where: '§4.2, §7',
    text: '400: Error (body missing required fields or containing invalid values); applies to `POST /pets`.',
  },
  'spec-4.3-get': {
    where: '§4.3',
    text: '`GET /pets/{petId}` (`getPet`): 200 with the Pet.',
  },
  'spec-4.3-pet-id': {
    where: '§4.3',
    text: 'Path parameter: `petId`, required, integer, format int64: the ID of the animal.',
  },
  'spec-4.3-404': {
    where: '§4.3, §7',
    text: '404: Error (the requested resource cannot be found); applies to `GET /pets/{petId}`.',
    onlyHere:
      'the list and the create give no 404: a request they serve (a valid key, a valid request) is not answered 404',
  },
  'spec-4.3-deprecated': {
    where: '§4.3, §9',
    text: 'Deprecated. It is to be removed on 5 December 2030. … Deprecation is marked on the operation itself. `GET /pets/{petId}` is deprecated, with removal scheduled for 5 December 2030.',
    onlyHere:
      '“Other deprecations … none are given” (§9): no other operation announces a deprecation or a sunset',
  },
  // §5 Authentication
  'spec-5-bearer': {
    where: '§1, §4, §5',
    text: 'Every operation in this specification requires authentication with an HTTP bearer scheme.',
  },
  'spec-5-authorization-header': {
    where: '§5',
    text: 'The client passes its API key as a bearer token in the `Authorization` request header, in the form `Authorization: Bearer <API_KEY>`.',
    onlyHere:
      'the key is read from `Authorization` alone: a key in the query, a cookie or another header is no key',
  },
  'spec-5-401': {
    where: '§4.1 to §4.3, §5, §7',
    text: 'When the key is missing or invalid, the service answers `401` with an Error body.',
    onlyHere: 'only then: the valid key, in any spelling HTTP gives it, is not answered 401',
  },
  // §7 Errors, §8 Limits
  'spec-8-over-limit': {
    where: '§7, §8 Behaviour on exceeding the limit',
    text: 'A request over the limit receives `429 Too Many Requests` (§7: applies to any request).',
    onlyHere: 'a request within the limit (Remaining above 0) is not answered 429',
  },
  'spec-7-retry-after': {
    where: '§7, §8 Behaviour on exceeding the limit',
    text: 'The `Retry-After` header gives the time after which to retry. … retry after the time given in `Retry-After`.',
  },
  'spec-8-ban': {
    where: '§8 Behaviour on exceeding the limit',
    text: 'A client that keeps sending requests after a 429 may have its API key temporarily banned.',
  },
  'spec-8-headers': {
    where: '§8 Rate limit headers',
    text: 'Every API response carries these headers: `X-RateLimit-Limit`, `X-RateLimit-Remaining`, `X-RateLimit-Reset`.',
  },
  'spec-8-limit': {
    where: '§8 Rate limit headers, Rate limits by plan',
    text: '`X-RateLimit-Limit`: the limit in force for the caller.',
    onlyHere:
      "for the caller: a request of another caller's key, or without a key, does not count against the key",
  },
  'spec-8-remaining': {
    where: '§8 Rate limit headers',
    text: '`X-RateLimit-Remaining`: requests remaining in the current window.',
  },
  'spec-8-reset': {
    where: '§8 Rate limit headers',
    text: '`X-RateLimit-Reset`: Unix timestamp at which the limit resets.',
  },
  'spec-8-plans': {
    where: '§8 Rate limits by plan',
    text: 'Free: 60 requests per minute, 1,000 per day; Pro: 300, 10,000; Business: 1,000, 100,000; Enterprise: custom.',
    untestable:
      'a key does not say its plan and an Enterprise quota is any number, so no answer shows a limit other than its plan’s; the kit is given a key, not its plan',
  },
  // §9 Versioning
  'spec-9-version': {
    where: '§9',
    text: 'The interface version is `1.0.0`.',
    untestable: 'no answer of the spec carries the interface version (no header or field is given)',
  },
  'spec-9-base-path': {
    where: '§1, §9',
    text: 'The major version is carried in the base path as `/v1` (the version segment `/v1` is part of the base).',
  },

  // RFC 6750: the bearer scheme of §5
  'rfc6750-2.1-authorization': {
    where: 'RFC 6750 §2.1',
    text: 'Clients SHOULD make authenticated requests with a bearer token using the "Authorization" request header field with the "Bearer" HTTP authorization scheme. Resource servers MUST support this method. (`credentials = "Bearer" 1*SP b64token`)',
  },
  'rfc6750-3-www-authenticate': {
    where: 'RFC 6750 §3',
    text: 'If the protected resource request does not include authentication credentials or does not contain an access token that enables access to the protected resource, the resource server MUST include the HTTP "WWW-Authenticate" response header field.',
  },
  'rfc6750-3-bearer-scheme': {
    where: 'RFC 6750 §3',
    text: 'All challenges defined by this specification MUST use the auth-scheme value "Bearer".',
  },
  'rfc6750-3-auth-params': {
    where: 'RFC 6750 §3',
    text: 'This scheme MUST be followed by one or more auth-param values.',
  },
  'rfc6750-3-once': {
    where: 'RFC 6750 §3',
    text: 'The "realm" attribute MUST NOT appear more than once. … The "scope" attribute MUST NOT appear more than once. … The "error", "error_description" and "error_uri" attributes MUST NOT appear more than once.',
  },
  'rfc6750-3-characters': {
    where: 'RFC 6750 §3',
    text: 'Values for the "error" and "error_description" attributes MUST NOT include characters outside the set %x20-21 / %x23-5B / %x5D-7E; values for the "error_uri" attribute … MUST NOT include characters outside the set %x21 / %x23-5B / %x5D-7E (scope-tokens likewise).',
  },
  // RFC 9110: header fields, methods, status codes, Content-Type
  'rfc9110-5.1-field-names': {
    where: 'RFC 9110 §5.1',
    text: 'Field names are case-insensitive.',
  },
  'rfc9110-5.3-one-field-line': {
    where: 'RFC 9110 §5.3',
    text: 'A sender MUST NOT generate multiple field lines with the same name in a message … unless either the entire field value for that header field is defined as a comma-separated list or the header field is a well-known exception.',
  },
  'rfc9110-5.6.7-imf-fixdate': {
    where: 'RFC 9110 §5.6.7',
    text: 'When a sender generates a header field that contains one or more timestamps defined as HTTP-date, the sender MUST generate those timestamps in the IMF-fixdate format.',
  },
  'rfc9110-6.6.1-date': {
    where: 'RFC 9110 §6.6.1',
    text: 'An origin server with a clock … MUST generate a Date header field in all 2xx (Successful), 3xx (Redirection), and 4xx (Client Error) responses, and MAY generate a Date header field in 1xx and 5xx responses.',
  },
  'rfc9110-8.3.1-media-type': {
    where: 'RFC 9110 §8.3, §8.3.1',
    text: '`media-type = type "/" subtype parameters` … The type and subtype tokens are case-insensitive.',
  },
  'rfc9110-10.2.3-retry-after': {
    where: 'RFC 9110 §10.2.3',
    text: '`Retry-After = HTTP-date / delay-seconds`.',
  },
  'rfc9110-11.1-scheme-case': {
    where: 'RFC 9110 §11.1',
    text: 'It uses a case-insensitive token to identify the authentication scheme.',
  },
  'rfc9110-11.6.1-challenge': {
    where: 'RFC 9110 §11.6.1, §15.5.2',
    text: 'A server generating a 401 (Unauthorized) response MUST send a WWW-Authenticate header field containing at least one challenge.',
  },
  'rfc9110-15.3.2-location': {
    where: 'RFC 9110 §15.3.2, §10.2.2',
    text: 'The primary resource created by the request is identified by either a Location header field in the response or, if no Location header field is received, by the target URI.',
  },
  'rfc9110-15.5.6-allow': {
    where: 'RFC 9110 §15.5.6',
    text: 'The origin server MUST generate an Allow header field in a 405 response containing a list of the target resource’s currently supported methods.',
  },
  // RFC 8259: the grammar `application/json` brings
  'rfc8259-2-grammar': {
    where: 'RFC 8259 §2, §4, §5',
    text: 'A JSON text is a serialized value (`JSON-text = ws value ws`): strings in double quotes, no comments, no trailing commas.',
  },
  'rfc8259-6-numbers': {
    where: 'RFC 8259 §6',
    text: 'Numeric values that cannot be represented in the grammar below (such as Infinity and NaN) are not permitted. … Leading zeros are not allowed.',
  },
  'rfc8259-7-escapes': {
    where: 'RFC 8259 §7',
    text: 'All Unicode characters may be placed within the quotation marks, except for the characters that MUST be escaped: quotation mark, reverse solidus, and the control characters (U+0000 through U+001F).',
  },
  'rfc8259-9-accept': {
    where: 'RFC 8259 §9',
    text: 'A JSON parser MUST accept all texts that conform to the JSON grammar.',
  },
  // RFC 3986 §6: URIs that differ only in normalisation are the same resource
  'rfc3986-6.2.2.2-percent-encoding': {
    where: 'RFC 3986 §6.1, §6.2.2.2',
    text: 'URIs should be normalized by decoding any percent-encoded octet that corresponds to an unreserved character (equivalent URIs identify the same resource).',
  },
  'rfc3986-6.2.2.3-dot-segments': {
    where: 'RFC 3986 §6.2.2.3, §5.2.4',
    text: 'The complete path of a URI should be normalized by removing dot-segments ("." and "..") as the remove_dot_segments algorithm does: `/a/./b` and `/a/x/../b` are `/a/b`.',
  },
  'rfc3986-6.2.2.1-path-case': {
    where: 'RFC 3986 §6.2.2.1',
    text: 'The scheme and host are case-insensitive; the other generic syntax components, the path among them, are assumed to be case-sensitive: `/PETS` is another resource than `/pets`.',
  },
  // RFC 9745 and RFC 8594: the deprecation of §4.3 and §9
  'rfc9745-2-deprecation': {
    where: 'RFC 9745 §2.1, §2.2',
    text: 'The Deprecation response header field … is an Item Structured Header Field whose value MUST be a Date (`Deprecation: @1688169599`), and signals that the resource (in the sense of URI) will be or has been deprecated.',
  },
  'rfc9745-3-sunset-after-deprecation': {
    where: 'RFC 9745 §3',
    text: 'The timestamp given in the Sunset header field is not earlier than the one given in the Deprecation header field.',
  },
  'rfc8594-3-sunset': {
    where: 'RFC 8594 §3',
    text: '`Sunset = HTTP-date`: the Sunset header field indicates the point in time at which the URI is likely to become unresponsive.',
  },
  // RFC 6585: 429 Too Many Requests
  'rfc6585-4-429': {
    where: 'RFC 6585 §4',
    text: 'The 429 status code indicates that the user has sent too many requests in a given amount of time ("rate limiting"). The response representations SHOULD include details explaining the condition, and MAY include a Retry-After header.',
  },
})

/**
 * The id of a normative sentence: a closed union, so a check citing an
 * unknown sentence does not compile.
 *
 * @example
 * const id: SentenceId = 'spec-5-401'
 */
export type SentenceId = keyof typeof SENTENCES

/**
 * The id of a sentence that ties something to one place (it has `onlyHere`):
 * the only sentences a check may hold the other way, "nowhere else".
 *
 * @example
 * const id: OnlyHereSentenceId = 'spec-4.3-deprecated'
 */
export type OnlyHereSentenceId = {
  [Id in SentenceId]: (typeof SENTENCES)[Id] extends { onlyHere: string } ? Id : never
}[SentenceId]
