import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createRedactor, MIN_SECRET_PART_LENGTH } from './redactor.ts'

const KEY = '$PETSTORE_API_KEY'
const OTHER = '$PETSTORE_OTHER_API_KEY'

describe('createRedactor', () => {
  it('finds a key echoed in JSON escapes, percent-encoded, HTML-escaped, in any case', () => {
    const redactor = createRedactor([{ value: 'sk_ref/a"b&c d', placeholder: KEY }])
    for (const echo of [
      'sk_ref/a"b&c d',
      'sk_ref\\/a\\"b&c d',
      'sk_ref\\u002fa\\u0022b\\u0026c\\u0020d',
      'sk_ref%2Fa%22b%26c%20d',
      'sk_ref%2fa%22b%26c+d',
      'sk_ref%252Fa%2522b%2526c%2520d',
      '%73%6B%5F%72%65%66%2F%61%22%62%26%63%20%64',
      'sk_ref&#47;a&quot;b&amp;c d',
      'sk_ref&#x2f;a&#34;b&#38;c&#32;d',
      'sk_ref&sol;a&QUOT;b&AMP;c d',
      'SK_REF/A"B&C D',
      '\\u0053\\u004B_REF%2FA%22B&#X26;C D',
    ]) {
      expect(redactor.text(`<p>${echo}</p>`), echo).toBe(`<p>${KEY}</p>`)
    }
  })

  it(`finds a part of ${MIN_SECRET_PART_LENGTH} characters or more that starts or ends the key, not a shorter one`, () => {
    const redactor = createRedactor([{ value: 'sk_live_0123456789', placeholder: KEY }])
    expect(redactor.text('key sk_live_01… was refused')).toBe(`key ${KEY}… was refused`)
    expect(redactor.text('key ****23456789 was refused')).toBe(`key ****${KEY} was refused`)
    expect(redactor.text('key sk_live… ends …3456789')).toBe('key sk_live… ends …3456789')
    expect(redactor.text('sk_live_0123456789sk_live_0123456789')).toBe(`${KEY}${KEY}`)
  })

  it('writes each key as its own placeholder, whole, in one pass', () => {
    // One key starts with the other; the second is a part of the first placeholder's text.
    for (const [token, other] of [
      ['sk_ref', 'sk_ref_other'],
      ['sk_ref_other', 'sk_ref'],
      ['sk_secret_key', 'API_KEY'],
    ] as const) {
      const redactor = createRedactor([
        { value: token, placeholder: KEY },
        { value: other, placeholder: OTHER },
      ])
      expect(redactor.text(`["${token}","${other}"]`)).toBe(`["${KEY}","${OTHER}"]`)
    }
  })

  it('writes any two keys as their placeholders, whatever characters they hold', () => {
    // Keys without a quote or space, so that the quotes of the text delimit them.
    const key = fc.stringMatching(/^[!#-~]{4,40}$/)
    fc.assert(
      fc.property(
        fc
          .tuple(key, key)
          .filter(
            ([a, b]) =>
              !a.toLowerCase().includes(b.toLowerCase()) &&
              !b.toLowerCase().includes(a.toLowerCase()),
          ),
        ([token, other]) => {
          const redactor = createRedactor([
            { value: token, placeholder: KEY },
            { value: other, placeholder: OTHER },
          ])
          expect(redactor.text(`"${token}" "${other}" "${token}"`)).toBe(
            `"${KEY}" "${OTHER}" "${KEY}"`,
          )
        },
      ),
      { seed: 26, numRuns: 60 },
    )
  })

  it("copies a value with every string redacted but the kit's own identifiers", () => {
    const redactor = createRedactor([{ value: 'list', placeholder: KEY }])
    const value = {
      id: 'list.limit',
      operation: 'listPets',
      actual: 'a list',
      n: 1,
      more: ['LIST'],
    }
    expect(redactor.value(value)).toEqual({
      id: 'list.limit',
      operation: 'listPets',
      actual: `a ${KEY}`,
      n: 1,
      more: [KEY],
    })
    expect(value.actual).toBe('a list')
  })

  it('stays linear: a long key in a long text', () => {
    const key = `eyJ${'aB3_-x%/'.repeat(150)}`
    const redactor = createRedactor([{ value: key, placeholder: KEY }])
    const text = `${'lorem {"a":1} sk_ aB3 '.repeat(20_000)}${key.slice(0, 30)} ${encodeURIComponent(key)}`
    expect(redactor.text(text).endsWith(`aB3 ${KEY} ${KEY}`)).toBe(true)
  })
})
