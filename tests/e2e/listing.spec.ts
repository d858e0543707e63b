import { expect, test } from '@playwright/test'
import { ONLINE_ONLY } from './support/service-worker'
import { anon, priceText, signInAs, someListing } from './support/stack'

test.use(ONLINE_ONLY)

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

test.describe('the listing page', () => {
  test('shows the price, type, discount, rooms, features and a map of the location', async ({ page }) => {
    const listing = await someListing((l) => l.offer && l.parking && l.bedrooms > 1 && l.bathrooms > 1)
    await page.goto(`/category/${listing.type}/${listing.id}`)
    await expect(page.getByRole('heading', { level: 1, name: listing.name })).toBeVisible()
    await expect(page.getByText(priceText(listing), { exact: true })).toBeVisible()
    await expect(
      page.getByText(listing.type === 'rent' ? 'For Rent' : 'For Sale', { exact: true }),
    ).toBeVisible()
    const discount = listing.regular_price - (listing.discounted_price ?? 0)
    await expect(
      page.getByText(`£${discount.toLocaleString('en-GB')} discount`, { exact: true }),
    ).toBeVisible()

    const features = page.getByRole('list', { name: 'Features' })
    await expect(features).toContainText(plural(listing.bedrooms, 'Bedroom', 'Bedrooms'))
    await expect(features).toContainText(plural(listing.bathrooms, 'Bathroom', 'Bathrooms'))
    await expect(features.getByText('Parking Space')).toBeVisible()
    await expect(features.getByText('Furnished')).toHaveCount(listing.furnished ? 1 : 0)

    const map = page.getByRole('region', { name: 'Location' })
    await map.scrollIntoViewIfNeeded()
    await expect(map.getByText(listing.location, { exact: true })).toBeVisible({ timeout: 20_000 })
    await expect(page.getByRole('link', { name: 'Contact Landlord' })).toBeVisible()
  })

  test('a listing without an offer shows its regular price and no discount; one room is singular', async ({
    page,
  }) => {
    const listing = await someListing((l) => !l.offer && l.bedrooms === 1 && l.bathrooms === 1)
    await page.goto(`/category/${listing.type}/${listing.id}`)
    await expect(page.getByRole('heading', { level: 1, name: listing.name })).toBeVisible()
    const price = `£${listing.regular_price.toLocaleString('en-GB')}${listing.type === 'rent' ? ' / month' : ''}`
    await expect(page.getByText(price, { exact: true })).toBeVisible()
    await expect(page.getByText(/discount$/)).toHaveCount(0)
    const features = page.getByRole('list', { name: 'Features' })
    await expect(features.getByText('1 Bedroom', { exact: true })).toBeVisible()
    await expect(features.getByText('1 Bathroom', { exact: true })).toBeVisible()
    await expect(features.getByText('Parking Space')).toHaveCount(listing.parking ? 1 : 0)
  })

  test('the share button copies the link and says Link Copied! for 2 seconds', async ({ page, context }) => {
    const listing = await someListing(() => true)
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    // Take the path of browsers without a share sheet.
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true })
    })
    await page.goto(`/category/${listing.type}/${listing.id}`)
    // Timed in the page, from when the notice is drawn to when it goes: polling from here would also count
    // any main-thread work in between (the map starting on a short listing).
    await page.evaluate(() => {
      const times: { shownAt?: number; hiddenAt?: number } = {}
      Object.assign(window, { linkCopiedTimes: times })
      new MutationObserver(() => {
        const shown = document.body.textContent?.includes('Link Copied!') ?? false
        if (shown) times.shownAt ??= performance.now()
        else if (times.shownAt !== undefined) times.hiddenAt ??= performance.now()
      }).observe(document.body, { subtree: true, childList: true, characterData: true })
    })
    await page.getByRole('button', { name: 'Share this listing' }).click()
    await expect(page.getByText('Link Copied!')).toBeVisible()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url())
    await expect(page.getByText('Link Copied!')).toBeHidden({ timeout: 5000 })
    const { shownAt = 0, hiddenAt = 0 } = await page.evaluate(
      () =>
        (window as unknown as { linkCopiedTimes: { shownAt?: number; hiddenAt?: number } }).linkCopiedTimes,
    )
    expect(hiddenAt - shownAt).toBeGreaterThanOrEqual(1950)
    expect(hiddenAt - shownAt).toBeLessThan(3500)
  })

  test('a listing that does not exist says so', async ({ page }) => {
    await page.goto('/category/rent/00000000-0000-4000-8000-00000000dead')
    await expect(page.getByRole('heading', { name: 'Listing not found' })).toBeVisible()
    await page.goto('/category/rent/not-a-listing-id')
    await expect(page.getByRole('heading', { name: 'Listing not found' })).toBeVisible()
  })

  test('the owner of a listing is not offered to contact themselves', async ({ page }) => {
    const session = await signInAs(page, 'alice@example.com')
    const own = await someListing((l) => l.user_ref === session.user.id)
    await page.goto(`/category/${own.type}/${own.id}`)
    await expect(page.getByRole('heading', { level: 1, name: own.name })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Contact Landlord' })).toHaveCount(0)

    const other = await someListing((l) => l.user_ref !== session.user.id)
    await page.goto(`/category/${other.type}/${other.id}`)
    await expect(page.getByRole('link', { name: 'Contact Landlord' })).toBeVisible()
  })
})

test.describe('contacting a landlord', () => {
  test('writes a message that opens as an email to the landlord about the listing', async ({ page }) => {
    const listing = await someListing((l) => l.name.length > 0)
    const { data } = await anon.rpc('landlord_contact', { landlord_id: listing.user_ref })
    const landlord = (data as { name: string; email: string }[])[0]
    if (!landlord) throw new Error('landlord_contact returned nobody for a listing owner')

    await page.goto(`/category/${listing.type}/${listing.id}`)
    await page.getByRole('link', { name: 'Contact Landlord' }).click()
    await expect(page).toHaveURL(new RegExp(`/contact/${listing.user_ref}\\?listingName=`))
    await expect(page.getByRole('heading', { level: 1, name: `Contact ${landlord.name}` })).toBeVisible()

    const message = 'Hello & good day?\nIs it still free?'
    await page.getByRole('textbox', { name: 'Message' }).fill(message)
    const href = await page.getByRole('link', { name: 'Send Message' }).getAttribute('href')
    expect(href).toBe(
      `mailto:${landlord.email}?subject=${encodeURIComponent(listing.name)}&body=${encodeURIComponent(message)}`,
    )
  })

  test('someone who owns no listing cannot be contacted', async ({ page }) => {
    await page.goto('/contact/00000000-0000-4000-8000-00000000dead?listingName=Nothing')
    await expect(
      page.getByRole('alert').filter({ hasText: 'Could not get landlord/owner data' }),
    ).toBeVisible()
    await expect(page.getByRole('link', { name: 'Send Message' })).toHaveCount(0)
  })
})
