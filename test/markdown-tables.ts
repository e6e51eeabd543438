import ts from 'typescript'

/**
 * Reads the tables of a Markdown document and compares those of the docs
 * with what the code says: the mock's flags (from its `--help`), the default
 * keys and their plans, and the error codes with their statuses. Each compare
 * function returns one line per mismatch, in both directions: a row the code
 * does not know, and something the code has that no row mentions.
 */

/** One table: its header cells (lower-case), its rows (cells as written) and the heading above it. */
export interface MarkdownTable {
  header: Array<string>
  rows: Array<Array<string>>
  /** The text of the nearest heading before the table. */
  section?: string
}

/**
 * Every table of a Markdown text, with `\|` inside a cell kept as `|`.
 *
 * @example
 * parseMarkdownTables('| a | b |\n| - | - |\n| 1 | 2 |') // [{ header: ['a', 'b'], rows: [['1', '2']] }]
 */
export function parseMarkdownTables(markdown: string): Array<MarkdownTable> {
  const tables: Array<MarkdownTable> = []
  let block: Array<string> = []
  const flush = () => {
    const [header, separator, ...rows] = block
    block = []
    if (header === undefined || separator === undefined) return
    if (!/^\|(\s*:?-+:?\s*\|)+$/.test(separator.trim())) return
    tables.push({
      header: splitRow(header).map((cell) => cell.toLowerCase()),
      rows: rows.map(splitRow),
      ...(section === undefined ? {} : { section }),
    })
  }
  let fenced = false
  let section: string | undefined
  for (const line of markdown.split('\n')) {
    if (line.trimStart().startsWith('```')) fenced = !fenced
    if (!fenced && line.trimStart().startsWith('|')) block.push(line.trim())
    else flush()
    const heading = fenced ? null : /^#{1,6}\s+(.*)$/.exec(line)
    if (heading) section = heading[1]?.trim()
  }
  flush()
  return tables
}

function splitRow(line: string): Array<string> {
  const cells: Array<string> = []
  let cell = ''
  for (let i = 1; i < line.length; i++) {
    const char = line[i]
    if (char === '\\' && line[i + 1] === '|') {
      cell += '|'
      i++
    } else if (char === '|') {
      cells.push(cell.trim())
      cell = ''
    } else {
      cell += char
    }
  }
  return cells
}

/**
 * The table whose header is exactly `header` (lower-case); where several have
 * it, the one under the heading `section`.
 *
 * @example
 * findTable(tables, ['code', 'status', 'when'], 'Error codes')
 */
export function findTable(
  tables: Array<MarkdownTable>,
  header: Array<string>,
  section: string,
): MarkdownTable {
  let found = tables.filter((table) => table.header.join('|') === header.join('|'))
  if (found.length > 1) found = found.filter((table) => table.section === section)
  if (found.length !== 1) {
    throw new Error(
      `expected one table headed ${header.join(' | ')} (under "${section}"), found ${found.length}`,
    )
  }
  return found[0] as MarkdownTable
}

/** The text of each `code span` in a cell, outside parentheses. */
function codeSpans(cell: string): Array<string> {
  const outside = cell.replace(/\([^)]*\)/g, '')
  return [...outside.matchAll(/`([^`]*)`/g)].map((match) => match[1] as string)
}

/** One option as `--help` prints it. */
export interface HelpOption {
  /** Long names without dashes, the first being the option's name. */
  names: Array<string>
  /** Short aliases without the dash. */
  aliases: Array<string>
  type?: string
  /** The default, parsed as JSON where it is JSON; absent when none is shown. */
  default?: unknown
}

/**
 * The options of a yargs `--help` text (its `Options:` section).
 *
 * @example
 * parseHelpOptions('Options:\n  -p, --port  Port  [number] [default: 4010]\n')
 * // [{ names: ['port'], aliases: ['p'], type: 'number', default: 4010 }]
 */
export function parseHelpOptions(help: string): Array<HelpOption> {
  const lines = help.split('\n')
  const start = lines.findIndex((line) => line.trim() === 'Options:')
  if (start === -1) throw new Error('no "Options:" section in the help text')
  const entries: Array<string> = []
  for (const line of lines.slice(start + 1)) {
    if (line.trim() === '') break
    // An option starts near the margin; its wrapped description is indented far.
    if (/^\s{2,6}-/.test(line)) entries.push(line)
    else if (entries.length > 0) entries[entries.length - 1] += ` ${line.trim()}`
  }
  return entries.map((entry) => {
    const [flags = ''] = entry.trim().split(/\s{2,}/)
    const tokens = flags.split(/,\s*/)
    const option: HelpOption = {
      names: tokens.filter((token) => token.startsWith('--')).map((token) => token.slice(2)),
      aliases: tokens.filter((token) => /^-[^-]/.test(token)).map((token) => token.slice(1)),
    }
    const type = /\[(number|string|boolean|array|count)\]/.exec(entry)
    if (type) option.type = type[1]
    const fallback = /\[default: ((?:[^[\]]|\[[^\]]*\])*)\]/.exec(entry)
    if (fallback) {
      const raw = fallback[1] as string
      try {
        option.default = JSON.parse(raw)
      } catch {
        option.default = raw
      }
    }
    return option
  })
}

/**
 * Compares a flag table (`flag | default | what it does`) with the
 * options of `--help`. A boolean that defaults to `true` is written `--no-NAME`
 * in the docs; one that defaults to `false` has no default written.
 *
 * @example
 * compareFlags(findTable(tables, ['flag', 'default', 'what it does'], 'The mock server'), options) // []
 */
export function compareFlags(table: MarkdownTable, options: Array<HelpOption>): Array<string> {
  const problems: Array<string> = []
  const byName = new Map<string, HelpOption>()
  for (const option of options) for (const name of option.names) byName.set(name, option)
  const documented = new Set<HelpOption>()

  for (const [flagCell = '', defaultCell = ''] of table.rows) {
    const tokens = codeSpans(flagCell).map((span) => span.split(/\s+/)[0] as string)
    const longs = tokens.filter((token) => token.startsWith('--')).map((token) => token.slice(2))
    const shorts = tokens.filter((token) => /^-[^-]/.test(token)).map((token) => token.slice(1))
    const defaults = codeSpans(defaultCell)
    if (longs.length === 0) {
      problems.push(`docs row "${flagCell}" names no --flag`)
      continue
    }
    if (defaults.length > 0 && defaults.length !== longs.length) {
      problems.push(
        `docs row "${flagCell}" has ${defaults.length} defaults for ${longs.length} flags`,
      )
    }
    const rowAliases = new Set<string>()
    longs.forEach((long, index) => {
      const negated = long.startsWith('no-') && !byName.has(long)
      const name = negated ? long.slice(3) : long
      const option = byName.get(name)
      if (option === undefined) {
        problems.push(`docs flag --${long} is not an option of the CLI`)
        return
      }
      documented.add(option)
      for (const alias of option.aliases) rowAliases.add(alias)
      const written = defaults[index]
      if (option.type === 'boolean') {
        if (negated !== (option.default === true)) {
          problems.push(
            `--${name} defaults to ${String(option.default ?? false)}: the docs should name it ${option.default === true ? `--no-${name}` : `--${name}`}`,
          )
        }
        if (written !== undefined) {
          problems.push(`docs give boolean --${long} the default "${written}"`)
        }
        return
      }
      const expected =
        option.default === undefined ||
        (Array.isArray(option.default) && option.default.length === 0)
          ? undefined
          : String(option.default)
      if (written !== expected) {
        problems.push(
          `--${name}: the docs' default is ${written === undefined ? 'empty' : `"${written}"`}, the CLI's ${expected === undefined ? 'none' : `"${expected}"`}`,
        )
      }
    })
    for (const alias of shorts) {
      if (!rowAliases.has(alias))
        problems.push(
          `docs alias -${alias} is not an alias of ${longs.map((long) => `--${long}`).join(', ')}`,
        )
    }
    for (const alias of rowAliases) {
      if (!shorts.includes(alias))
        problems.push(
          `alias -${alias} of ${longs.map((long) => `--${long}`).join(', ')} is missing from the docs`,
        )
    }
  }
  for (const option of options) {
    if (!documented.has(option)) problems.push(`CLI option --${option.names[0]} has no docs row`)
  }
  return problems
}

/**
 * Compares a `code | status | when` table with the code → status map.
 *
 * @example
 * compareErrorCodes(findTable(tables, ['code', 'status', 'when'], 'Error codes'), ERROR_CODES) // []
 */
export function compareErrorCodes(
  table: MarkdownTable,
  codes: Readonly<Record<string, number>>,
): Array<string> {
  const problems: Array<string> = []
  const seen = new Set<string>()
  for (const [codeCell = '', statusCell = ''] of table.rows) {
    const [code] = codeSpans(codeCell)
    if (code === undefined) {
      problems.push(`docs error row "${codeCell}" names no \`code\``)
      continue
    }
    if (seen.has(code)) problems.push(`docs list the error code ${code} twice`)
    seen.add(code)
    if (!Object.hasOwn(codes, code)) {
      problems.push(`docs error code ${code} is not an error code of the mock`)
    } else if (Number(statusCell) !== codes[code]) {
      problems.push(`error code ${code}: the docs say ${statusCell}, the code ${codes[code]}`)
    }
  }
  for (const code of Object.keys(codes)) {
    if (!seen.has(code)) problems.push(`error code ${code} has no docs row`)
  }
  return problems
}

/**
 * Compares a `key | plan | per minute | per day` table with the default keys
 * and the plans' limits (the first number of a cell, commas allowed).
 *
 * @example
 * compareKeys(findTable(tables, ['key', 'plan', 'per minute', 'per day'], 'Keys and plans'), DEFAULT_KEYS, PLANS) // []
 */
export function compareKeys(
  table: MarkdownTable,
  keys: Readonly<Record<string, string>>,
  plans: Readonly<Record<string, { perMinute: number; perDay: number }>>,
): Array<string> {
  const problems: Array<string> = []
  const seen = new Set<string>()
  const firstNumber = (cell: string) => {
    const match = /\d[\d,]*/.exec(cell)
    return match ? Number(match[0].replaceAll(',', '')) : Number.NaN
  }
  for (const [keyCell = '', planCell = '', minuteCell = '', dayCell = ''] of table.rows) {
    const [key] = codeSpans(keyCell)
    if (key === undefined) {
      problems.push(`docs key row "${keyCell}" names no \`key\``)
      continue
    }
    seen.add(key)
    const plan = keys[key]
    if (plan === undefined) {
      problems.push(`docs key ${key} is not a default key`)
      continue
    }
    if (planCell.toLowerCase() !== plan) {
      problems.push(`key ${key}: the docs' plan is ${planCell}, the code's ${plan}`)
    }
    const limits = plans[plan]
    if (limits === undefined) {
      problems.push(`key ${key}: plan ${plan} has no limits`)
      continue
    }
    for (const [what, cell, value] of [
      ['per minute', minuteCell, limits.perMinute],
      ['per day', dayCell, limits.perDay],
    ] as const) {
      if (firstNumber(cell) !== value) {
        problems.push(`plan ${plan} ${what}: the docs say ${cell}, the code ${value}`)
      }
    }
  }
  for (const key of Object.keys(keys)) {
    if (!seen.has(key)) problems.push(`default key ${key} has no docs row`)
  }
  return problems
}

/**
 * Compares an `option | default | what it does` table with the
 * names of `PetstoreOptions` (read with the TypeScript checker), both ways.
 *
 * @example
 * compareOptionNames(findTable(tables, ['option', 'default', 'what it does'], 'In your tests, with msw'), names) // []
 */
export function compareOptionNames(table: MarkdownTable, names: Array<string>): Array<string> {
  const problems: Array<string> = []
  const documented = new Set<string>()
  for (const [optionCell = ''] of table.rows) {
    const written = codeSpans(optionCell)
    if (written.length === 0) problems.push(`docs option row "${optionCell}" names no \`option\``)
    for (const name of written) {
      documented.add(name)
      if (!names.includes(name)) problems.push(`docs option ${name} is not a createPetstore option`)
    }
  }
  for (const name of names) {
    if (!documented.has(name)) problems.push(`createPetstore option ${name} has no docs row`)
  }
  return problems
}

/**
 * The property names of an exported type of a module, as the TypeScript
 * checker sees them (an interface, or a type alias such as a `z.infer`).
 *
 * @example
 * exportedTypeProperties('src/index.ts', 'PetstoreOptions') // ['baseUrl', 'seed', ...]
 */
export function exportedTypeProperties(entry: string, typeName: string): Array<string> {
  const program = ts.createProgram([entry], {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2023,
    allowImportingTsExtensions: true,
    noEmit: true,
    strict: true,
    skipLibCheck: true,
    types: [],
  })
  const checker = program.getTypeChecker()
  const source = program.getSourceFile(entry)
  const module = source && checker.getSymbolAtLocation(source)
  const exported = module && checker.getExportsOfModule(module).find((s) => s.name === typeName)
  if (exported === undefined) throw new Error(`${entry} exports no type ${typeName}`)
  const symbol =
    exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported
  return checker
    .getPropertiesOfType(checker.getDeclaredTypeOfSymbol(symbol))
    .map((property) => property.name)
}
