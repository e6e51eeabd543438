import type { Page } from 'playwright-core'
import { expect } from 'vitest'

/**
 * What sticks out of the viewport sideways.
 *
 * @example
 * const { beyond } = await pageOverflow(page) // [] when nothing does
 */
export interface Overflow {
  innerWidth: number
  /** The width the page's content can use: `innerWidth` less a vertical scrollbar. */
  clientWidth: number
  /** The document's width: above `clientWidth`, the page scrolls sideways. */
  scrollWidth: number
  /** Each rendered element whose right edge is beyond `clientWidth`, as `tag.class#id (right)`. */
  beyond: Array<string>
}

/**
 * Measures a page for sideways overflow: the document's scroll width and
 * every rendered element whose right edge is past the visible width (0.5 px
 * of rounding allowed; a vertical scrollbar is not visible width).
 *
 * @example
 * expectNoOverflow(await pageOverflow(page), 390)
 */
export function pageOverflow(page: Page): Promise<Overflow> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth
    const beyond: Array<string> = []
    for (const element of document.querySelectorAll('body *')) {
      const box = element.getBoundingClientRect()
      if (box.width === 0 && box.height === 0) continue
      if (box.right <= width + 0.5) continue
      const classes = [...element.classList].map((name) => `.${name}`).join('')
      const id = element.id ? `#${element.id}` : ''
      beyond.push(`${element.tagName.toLowerCase()}${classes}${id} (${Math.round(box.right)})`)
    }
    return {
      innerWidth: window.innerWidth,
      clientWidth: width,
      scrollWidth: document.documentElement.scrollWidth,
      beyond,
    }
  })
}

/**
 * Asserts that a page measured at `width` neither scrolls sideways nor has an
 * element past its right edge.
 *
 * @example
 * expectNoOverflow(await pageOverflow(page), 800)
 */
export function expectNoOverflow(overflow: Overflow, width: number): void {
  expect(overflow.innerWidth).toBe(width)
  expect(overflow.beyond, `elements past the right edge at ${width} px`).toEqual([])
  expect(overflow.scrollWidth, `the page scrolls sideways at ${width} px`).toBeLessThanOrEqual(
    overflow.clientWidth,
  )
}

/**
 * The widths every page is checked at: a phone, a narrow window, a small and a common laptop.
 *
 * @example
 * it.each(WIDTHS)('fits %i px', async (width) => page.setViewportSize({ width, height: 900 }))
 */
export const WIDTHS = [390, 800, 1024, 1280] as const
