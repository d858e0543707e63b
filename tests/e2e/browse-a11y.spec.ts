import AxeBuilder from '@axe-core/playwright'
import { expect, test } from '@playwright/test'
import { ONLINE_ONLY } from './support/service-worker'
import { newestListings } from './support/stack'

test.use(ONLINE_ONLY)

test('the browsing screens have no WCAG 2 A/AA violations', async ({ page }) => {
  const [listing] = await newestListings()
  if (!listing) throw new Error('the seed has no listings')
  const screens = [
    ['/', 'Explore'],
    ['/offers', 'Offers'],
    ['/category/sale', 'Places for Sale'],
    [`/category/${listing.type}/${listing.id}`, listing.name],
  ] as const
  for (const [path, heading] of screens) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
    // The map canvas is a third-party widget; the page around it is ours.
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa'])
      .exclude('.maplibregl-map')
      .analyze()
    expect(results.violations.map((v) => `${path}: ${v.id} (${v.nodes.length})`)).toEqual([])
  }
})
