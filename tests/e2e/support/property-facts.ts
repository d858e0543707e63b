import type { Page } from '@playwright/test'

/**
 * Fills the facts publishing needs on the listing form (issue 55): an EPC rating, a council tax band and, for
 * rent, a deposit (£50: within the cap of any rent the form allows).
 */
export async function fillPublishingFacts(
  page: Page,
  listing: { type?: 'rent' | 'sale'; regularPrice: string },
): Promise<void> {
  await page.getByLabel('EPC rating').selectOption('C')
  await page.getByLabel('Council tax band').selectOption('B')
  if (listing.type !== 'sale') await page.getByLabel('Deposit (£)').fill('50')
}
