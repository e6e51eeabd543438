/** HTML elements that have no end tag. */
const VOID = new Set(['meta', 'br', 'hr', 'img', 'input', 'link', 'wbr', 'col', 'source'])
/** HTML elements whose content is raw text up to their end tag. */
const RAW_TEXT = new Set(['script', 'style'])

/** XML 1.0's `Char`: tab, LF, CR, and U+0020 on, less surrogates, U+FFFE and U+FFFF. */
const XML_CHAR_OUTSIDE = /[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/u
/** What HTML parsing calls a control character or a noncharacter in the input stream. */
const HTML_CHAR_OUTSIDE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters it finds
  /[\u0000-\u0008\u000b\u000e-\u001f\u007f-\u009f\ufdd0-\ufdef\ufffe\uffff]|[\ud800-\udfff]/u

const NAME = /^[A-Za-z_:][\w.:-]*/
const REFERENCE = /^&(?:(lt|gt|amp|apos|quot)|#(\d{1,7})|#x([\dA-Fa-f]{1,6}));/

/**
 * The first reason `text` is not a well-formed document, or `undefined`: for
 * `xml`, XML 1.0 well-formedness (characters, one root, balanced tags, quoted
 * and unique attributes, only the predefined entities and character
 * references to allowed characters); for `html`, the same over the HTML
 * syntax the kit's report uses (a doctype, void and raw-text elements, no
 * control character or noncharacter anywhere). A strict check for tests, not
 * a parser.
 *
 * @example
 * markupProblem('<a><b></a>', 'xml') // 'at 6: </a> closes <b>'
 */
export function markupProblem(text: string, kind: 'xml' | 'html'): string | undefined {
  const bad = (kind === 'xml' ? XML_CHAR_OUTSIDE : HTML_CHAR_OUTSIDE).exec(text)
  if (bad) return `at ${bad.index}: character U+${(bad[0].codePointAt(0) ?? 0).toString(16)}`
  const open: Array<string> = []
  let roots = 0
  let at = 0
  const reference = (from: number): string | undefined => {
    const match = REFERENCE.exec(text.slice(from, from + 12))
    if (!match) return `at ${from}: & that starts no reference`
    const code = match[2] ? Number(match[2]) : match[3] ? Number.parseInt(match[3], 16) : 0x20
    const character = code <= 0x10ffff ? String.fromCodePoint(code) : '\ufffe'
    if ((kind === 'xml' ? XML_CHAR_OUTSIDE : HTML_CHAR_OUTSIDE).test(character)) {
      return `at ${from}: reference to U+${code.toString(16)}`
    }
    return undefined
  }
  if (kind === 'xml' && text.startsWith('<?xml')) {
    const end = text.indexOf('?>')
    if (end < 0) return 'unclosed XML declaration'
    at = end + 2
  }
  if (kind === 'html') {
    const doctype = /^\s*<!DOCTYPE html>/i.exec(text)
    if (!doctype) return 'no <!DOCTYPE html>'
    at = doctype[0].length
  }
  while (at < text.length) {
    const next = text.indexOf('<', at)
    const textEnd = next < 0 ? text.length : next
    for (
      let amp = text.indexOf('&', at);
      amp >= 0 && amp < textEnd;
      amp = text.indexOf('&', amp + 1)
    ) {
      const problem = reference(amp)
      if (problem) return problem
    }
    if (open.length === 0 && text.slice(at, textEnd).trim() !== '') {
      return `at ${at}: text outside the root element`
    }
    if (kind === 'xml' && text.slice(at, textEnd).includes(']]>')) return `at ${at}: ]]> in text`
    if (next < 0) break
    at = next
    if (text.startsWith('<!--', at)) {
      const end = text.indexOf('-->', at + 4)
      if (end < 0) return `at ${at}: unclosed comment`
      at = end + 3
      continue
    }
    if (text.startsWith('</', at)) {
      const match = /^<\/([A-Za-z_:][\w.:-]*)\s*>/.exec(text.slice(at, at + 200))
      if (!match) return `at ${at}: a bad end tag`
      const name = kind === 'html' ? (match[1] as string).toLowerCase() : (match[1] as string)
      const top = open.pop()
      if (top !== name) return `at ${at}: </${name}> closes <${top ?? 'nothing'}>`
      at += match[0].length
      continue
    }
    const name = NAME.exec(text.slice(at + 1, at + 200))?.[0]
    if (name === undefined) return `at ${at}: < that starts no tag`
    const tag = kind === 'html' ? name.toLowerCase() : name
    if (open.length === 0 && ++roots > 1) return `at ${at}: a second root element <${tag}>`
    at += 1 + name.length
    const attributes = new Set<string>()
    for (;;) {
      const space = /^\s*/.exec(text.slice(at, at + 200))?.[0] ?? ''
      at += space.length
      if (text.startsWith('/>', at) || text.startsWith('>', at)) break
      if (space === '') return `at ${at}: no space before an attribute`
      const attribute = NAME.exec(text.slice(at, at + 200))?.[0]
      if (attribute === undefined) return `at ${at}: a bad attribute in <${tag}>`
      if (attributes.has(attribute)) return `at ${at}: ${attribute} twice in <${tag}>`
      attributes.add(attribute)
      at += attribute.length
      if (text[at] !== '=') {
        if (kind === 'xml') return `at ${at}: ${attribute} has no value`
        continue
      }
      const quote = text[at + 1]
      if (quote !== '"' && quote !== "'") return `at ${at}: ${attribute}'s value is not quoted`
      const end = text.indexOf(quote, at + 2)
      if (end < 0) return `at ${at}: ${attribute}'s value never ends`
      const value = text.slice(at + 2, end)
      if (value.includes('<')) return `at ${at}: < in ${attribute}'s value`
      for (let amp = value.indexOf('&'); amp >= 0; amp = value.indexOf('&', amp + 1)) {
        const problem = reference(at + 2 + amp)
        if (problem) return problem
      }
      at = end + 1
    }
    const selfClosing = text.startsWith('/>', at)
    at += selfClosing ? 2 : 1
    if (selfClosing || (kind === 'html' && VOID.has(tag))) continue
    if (kind === 'html' && RAW_TEXT.has(tag)) {
      const end = text.toLowerCase().indexOf(`</${tag}`, at)
      if (end < 0) return `at ${at}: <${tag}> never ends`
      at = end
    }
    open.push(tag)
  }
  if (open.length > 0) return `<${open.join('> <')}> not closed`
  if (roots === 0) return 'no root element'
  return undefined
}
