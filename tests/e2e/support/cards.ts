import type { Page } from '@playwright/test'

/** A home's card in the screen's main list, by the page it opens: other runs may have published homes of the same name. */
export const listingCard = (page: Page, listing: { id: string }) =>
  page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.locator(`a[href$="/${listing.id}"]`) })
