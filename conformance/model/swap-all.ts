/**
 * `text` with each string of `swaps` replaced by its substitute, longest
 * first and in one pass: a string that contains another (a key that starts
 * with the other key) is replaced whole, and nothing a substitute wrote is
 * read again. `between` rewrites the text around them (quoting it, say).
 * Empty strings are not swapped.
 *
 * @example
 * swapAll('sk_ref_other sk_ref', [['sk_ref', '$A'], ['sk_ref_other', '$B']]) // '$B $A'
 */
export function swapAll(
  text: string,
  swaps: ReadonlyArray<readonly [string, string]>,
  between: (text: string) => string = (rest) => rest,
): string {
  const ordered = swaps.filter(([from]) => from !== '').sort(([a], [b]) => b.length - a.length)
  const swap = (part: string, index: number): string => {
    const next = ordered[index]
    return next === undefined
      ? between(part)
      : part
          .split(next[0])
          .map((piece) => swap(piece, index + 1))
          .join(next[1])
  }
  return swap(text, 0)
}
