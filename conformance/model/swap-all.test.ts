import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { swapAll } from './swap-all.ts'

describe('swapAll', () => {
  it('replaces a string that contains another whole, whatever their order', () => {
    const swaps = [
      ['sk_ref', '$A'],
      ['sk_ref_other', '$B'],
    ] as const
    expect(swapAll('sk_ref_other sk_ref', swaps)).toBe('$B $A')
    expect(swapAll('sk_ref_other sk_ref', [...swaps].reverse())).toBe('$B $A')
  })

  it('never reads again what a substitute wrote, and rewrites only the text between', () => {
    expect(
      swapAll('A', [
        ['A', 'B'],
        ['B', 'C'],
      ]),
    ).toBe('B')
    expect(swapAll('x$Ky', [['$K', '$K']], (rest) => rest.toUpperCase())).toBe('X$KY')
    expect(swapAll('abc', [['', 'X']])).toBe('abc')
  })

  it('gives back the text when nothing is swapped, and is undone by the reverse swaps', () => {
    // Distinct strings without a space, joined by spaces: each stands whole.
    const word = fc.stringMatching(/^[!-~]{1,12}$/)
    fc.assert(
      fc.property(
        fc.uniqueArray(word, { minLength: 1, maxLength: 4 }),
        fc.array(fc.nat(), { maxLength: 8 }),
        (words, picks) => {
          const text = picks.map((pick) => words[pick % words.length]).join(' ')
          const swaps = words.map((from, index) => [from, `<${index}>`] as const)
          const swapped = swapAll(text, swaps)
          expect(swapAll(text, [])).toBe(text)
          expect(swapped.split(' ').every((piece) => /^<\d+>$/.test(piece) || piece === '')).toBe(
            true,
          )
          expect(
            swapAll(
              swapped,
              swaps.map(([from, to]) => [to, from] as const),
            ),
          ).toBe(text)
        },
      ),
      { seed: 7 },
    )
  })
})
