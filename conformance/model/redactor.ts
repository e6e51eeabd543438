/** A secret the kit was given, and what is written in its place. */
export interface Secret {
  /** The secret as it is sent (a key after {@link wireKey}). */
  value: string
  /** What reports write instead, e.g. `$PETSTORE_API_KEY`. */
  placeholder: string
}

/**
 * The shortest secret the kit accepts: a shorter one could not be told from
 * the text around it in a report (`1` or `ab` are in every answer), so it
 * could neither be hidden usefully nor printed unsaid.
 *
 * @example
 * if (key.length < MIN_SECRET_LENGTH) throw usage('the key is too short to keep out of reports')
 */
export const MIN_SECRET_LENGTH = 4

/**
 * A part of a secret this long or longer is hidden too, when it is how the
 * secret starts or ends (a server that echoes a key cut short, or masked
 * but for its ends); a shorter part tells too little of the secret to hide.
 *
 * @example
 * createRedactor([{ value: 'sk_live_0123456789', placeholder: '$K' }]).text('sk_live_01…') // '$K…'
 */
export const MIN_SECRET_PART_LENGTH = 8

/** JSON's short escapes. */
const JSON_ESCAPES: Readonly<Record<string, string>> = {
  '"': '\\"',
  '\\': '\\\\',
  '/': '\\/',
  '\b': '\\b',
  '\f': '\\f',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
}

/** The named character references of HTML for the characters of ASCII that have one. */
const HTML_NAMES: Readonly<Record<string, ReadonlyArray<string>>> = {
  '\t': ['Tab'],
  '\n': ['NewLine'],
  '!': ['excl'],
  '"': ['quot'],
  '#': ['num'],
  $: ['dollar'],
  '%': ['percnt'],
  '&': ['amp'],
  "'": ['apos'],
  '(': ['lpar'],
  ')': ['rpar'],
  '*': ['ast', 'midast'],
  '+': ['plus'],
  ',': ['comma'],
  '.': ['period'],
  '/': ['sol'],
  ':': ['colon'],
  ';': ['semi'],
  '<': ['lt'],
  '=': ['equals'],
  '>': ['gt'],
  '?': ['quest'],
  '@': ['commat'],
  '[': ['lsqb', 'lbrack'],
  '\\': ['bsol'],
  ']': ['rsqb', 'rbrack'],
  '^': ['Hat'],
  _: ['lowbar', 'UnderBar'],
  '`': ['grave', 'DiacriticalGrave'],
  '{': ['lcub', 'lbrace'],
  '|': ['verbar', 'vert', 'VerticalLine'],
  '}': ['rcub', 'rbrace'],
}

const literal = (text: string) => text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&')
const hex = (value: number, width: number) => value.toString(16).padStart(width, '0')

/**
 * A regular expression (its source, matched case-insensitively) for one
 * character in every form a server may echo it in: percent-encoded, once or
 * twice (`%2F`, `%252F`), or `+` for a space; as a JSON escape (`\u002f`,
 * `\/`); as an HTML character reference (`&#47;`, `&#x2F;`, `&sol;`); as is,
 * in any case. Each form is at most {@link LONGEST_FORM} characters long.
 */
function characterForms(char: string): string {
  // A letter in either case, encoded after its case changed (`%53` and `%73` for `s`).
  const cases = [...new Set([char, char.toLowerCase(), char.toUpperCase()])].filter(
    (one) => [...one].length === 1,
  )
  const forms = [
    ...cases.flatMap((one) => {
      const code = one.codePointAt(0) ?? 0
      const units = Array.from({ length: one.length }, (_, index) => one.charCodeAt(index))
      return [
        [...Buffer.from(one, 'utf8')].map((byte) => `%(?:25)?${hex(byte, 2)}`).join(''),
        units.map((unit) => `\\\\u${hex(unit, 4)}`).join(''),
        `&#0{0,4}${code};?`,
        `&#x0{0,4}${hex(code, 1)};?`,
      ]
    }),
    ...(HTML_NAMES[char] ?? []).map((name) => `&${name};`),
    ...(JSON_ESCAPES[char] === undefined ? [] : [literal(JSON_ESCAPES[char])]),
    ...(char === ' ' ? ['\\+'] : []),
    literal(char),
  ]
  return `(?:${forms.join('|')})`
}

/** The longest text one form of {@link characterForms} takes (`%25F0%259F%2598%2580`). */
const LONGEST_FORM = 24

/** How one secret is looked for. */
interface Sought {
  secret: Secret
  /** Each character's forms, as a pattern anchored where it is tried (sticky), and one anchored at the end. */
  forward: Array<RegExp>
  backward: Array<RegExp>
  /** The pattern of the characters that every match holds: the first ones, or the last ones. */
  starts: string
  ends: string
}

function sought(secret: Secret): Sought {
  const chars = [...secret.value].map(characterForms)
  const part = Math.min(MIN_SECRET_PART_LENGTH, chars.length)
  return {
    secret,
    forward: chars.map((char) => new RegExp(char, 'iy')),
    backward: chars.map((char) => new RegExp(`${char}$`, 'i')),
    starts: chars.slice(0, part).join(''),
    ends: chars.slice(chars.length - part).join(''),
  }
}

/** Where the characters from `from` on follow in `text` from `at`: the end of the last one found. */
function extendForward(text: string, at: number, patterns: Array<RegExp>, from: number): number {
  let end = at
  for (let index = from; index < patterns.length; index++) {
    const pattern = patterns[index] as RegExp
    pattern.lastIndex = end
    const match = pattern.exec(text)
    if (match === null) break
    end += match[0].length
  }
  return end
}

/** Where the characters before `from` precede `at` in `text` (not before `floor`): the start of the first one found. */
function extendBackward(
  text: string,
  at: number,
  patterns: Array<RegExp>,
  from: number,
  floor: number,
): number {
  let start = at
  for (let index = from - 1; index >= 0 && start > floor; index--) {
    const match = (patterns[index] as RegExp).exec(
      text.slice(Math.max(floor, start - LONGEST_FORM), start),
    )
    if (match === null) break
    start -= match[0].length
  }
  return start
}

/** Hides secrets in text written for people. */
export interface Redactor {
  /** The text with each secret, in each form {@link createRedactor} names, as its placeholder. */
  text: (text: string) => string
  /**
   * A copy of a value (a result, an event, an exchange) with every string
   * redacted as {@link Redactor.text} does, but the kit's own identifiers
   * (check ids, operations, outcomes, codes), which say nothing of a secret.
   */
  value: <T>(value: T) => T
}

/** Fields whose strings are the kit's own vocabulary, kept as they are. */
const IDENTIFIERS: ReadonlySet<string> = new Set([
  'id',
  'checkId',
  'operation',
  'operations',
  'outcome',
  'level',
  'group',
  'type',
  'code',
  'reason',
  'credential',
  'tool',
  'unit',
])

/**
 * A {@link Redactor} for the secrets: each is written as its placeholder
 * wherever it occurs in any form of {@link characterForms} (mixed character
 * by character: a key half percent-encoded is found), in any case, or cut to
 * a part that starts or ends it of {@link MIN_SECRET_PART_LENGTH} characters
 * or more. Longer secrets are looked for first, in one pass: a placeholder is
 * never read again. Secrets shorter than {@link MIN_SECRET_LENGTH} are for
 * the caller to refuse; they are not looked for.
 *
 * @example
 * const redactor = createRedactor([{ value: 'sk_ref/a"b', placeholder: '$PETSTORE_API_KEY' }])
 * redactor.text('{"echo":"sk_ref\\/a\\"b","url":"/pets?k=SK_REF%2Fa%22b"}')
 * // '{"echo":"$PETSTORE_API_KEY","url":"/pets?k=$PETSTORE_API_KEY"}'
 */
export function createRedactor(secrets: ReadonlyArray<Secret>): Redactor {
  const kept = secrets
    .filter((secret) => [...secret.value].length >= MIN_SECRET_LENGTH)
    .sort((a, b) => b.value.length - a.value.length)
  const all = kept.map(sought)
  // Every match holds the first characters of a secret or its last ones (all of a short one).
  const windows = all.flatMap((one) => [one.starts, one.ends])
  const anyWindow =
    all.length === 0 ? undefined : new RegExp(windows.map((w) => `(?:${w})`).join('|'), 'gi')
  const startsAt = all.map((one) => new RegExp(one.starts, 'iy'))
  const endsAt = all.map((one) => new RegExp(one.ends, 'iy'))
  /** The longest match of a secret whose first or last characters are at `at`. */
  const longestAt = (input: string, at: number, floor: number) => {
    let best: { start: number; end: number; placeholder: string } | undefined
    for (const [index, one] of all.entries()) {
      const part = Math.min(MIN_SECRET_PART_LENGTH, one.forward.length)
      const candidates: Array<[number, number]> = []
      const starts = startsAt[index] as RegExp
      starts.lastIndex = at
      const first = starts.exec(input)
      if (first !== null) {
        candidates.push([at, extendForward(input, at + first[0].length, one.forward, part)])
      }
      const ends = endsAt[index] as RegExp
      ends.lastIndex = at
      const last = ends.exec(input)
      if (last !== null) {
        const from = one.forward.length - part
        candidates.push([extendBackward(input, at, one.backward, from, floor), at + last[0].length])
      }
      for (const [start, end] of candidates) {
        if (best === undefined || end - start > best.end - best.start) {
          best = { start, end, placeholder: one.secret.placeholder }
        }
      }
    }
    return best
  }
  const text = (input: string): string => {
    if (anyWindow === undefined) {
      return input
    }
    let out = ''
    let done = 0
    anyWindow.lastIndex = 0
    for (let match = anyWindow.exec(input); match !== null; match = anyWindow.exec(input)) {
      const found = longestAt(input, match.index, done)
      if (found === undefined) {
        anyWindow.lastIndex = match.index + 1
        continue
      }
      out += `${input.slice(done, found.start)}${found.placeholder}`
      done = found.end
      anyWindow.lastIndex = found.end
    }
    return out + input.slice(done)
  }
  const value = <T>(input: T, field?: string): T => {
    if (typeof input === 'string') {
      return (field !== undefined && IDENTIFIERS.has(field) ? input : text(input)) as T
    }
    if (Array.isArray(input)) {
      return input.map((item) => value(item, field)) as T
    }
    if (input !== null && typeof input === 'object') {
      return Object.fromEntries(
        Object.entries(input).map(([name, item]) => [name, value(item, name)]),
      ) as T
    }
    return input
  }
  return { text, value: (input) => value(input) }
}
