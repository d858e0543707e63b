import { expect, type Page } from '@playwright/test'
import { holdRequests } from './hold'

/**
 * Presses Load More from the keyboard, and again while its next page (requests matching `nextPage`) is
 * held back: it shows it is loading and keeps the focus throughout; a page this slow brings its spinner,
 * which leaves the button its size. Once `pageIsIn` has seen the page arrive, it is no longer busy, the
 * spinner is gone and it still has the focus. Returns how many next-page requests were made.
 */
export async function pressLoadMoreWhileLoading(
  page: Page,
  nextPage: RegExp,
  pageIsIn: () => Promise<void>,
): Promise<number> {
  const held = await holdRequests(page, nextPage)
  const loadMore = page.getByRole('button', { name: 'Load More' })
  const spinner = loadMore.locator('.spinner__ring')
  const idleBox = await loadMore.boundingBox()
  await loadMore.focus()
  await page.keyboard.press('Enter')
  await expect(loadMore).toHaveAttribute('aria-busy', 'true')
  await expect(loadMore).toBeFocused()
  await expect(spinner).toBeVisible()
  expect((await loadMore.boundingBox())?.height).toBe(idleBox?.height)
  await page.keyboard.press('Enter')
  held.release()
  await pageIsIn()
  await expect(loadMore).toHaveAttribute('aria-busy', 'false')
  await expect(spinner).toHaveCount(0)
  await expect(loadMore).toBeFocused()
  return held.count()
}
