import { expect, type Locator, type Page, test } from '@playwright/test'
import { ONLINE_ONLY } from './support/service-worker'
import { newestListings, priceText, type SeedListing } from './support/stack'

test.use(ONLINE_ONLY)

type Box = { x: number; y: number; width: number; height: number }

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

/** Every card in view: its heart's box must meet none of the boxes its text is drawn in. */
async function expectHeartsClearOfText(page: Page, where: string) {
  const heart = /^(Save |Remove )/
  const cards = page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: heart }) })
  await expect(cards.first()).toBeVisible()
  const count = await cards.count()
  expect(count, `${where}: cards with a heart`).toBeGreaterThan(0)
  for (let i = 0; i < count; i++) {
    const card = cards.nth(i)
    const heartBox = await card.getByRole('button', { name: heart }).boundingBox()
    if (!heartBox) throw new Error(`${where}: card ${i} has no visible heart`)
    const texts = card.locator('p, h2, h3')
    for (let t = 0; t < (await texts.count()); t++) {
      const text = texts.nth(t)
      const box = await text.boundingBox()
      if (!box || box.width === 0) continue
      expect(overlaps(heartBox, box), `${where}: the heart covers "${await text.innerText()}"`).toBe(false)
    }
  }
}

const saveButton = (scope: Page | Locator, listing: SeedListing) =>
  scope.getByRole('button', { name: `Save ${listing.name}` })

test.describe('the save heart on a phone', () => {
  test('covers no text on any list card: Offers, both categories and Saved', async ({ page }) => {
    for (const path of ['/offers', '/category/rent', '/category/sale']) {
      await page.goto(path)
      await expectHeartsClearOfText(page, path)
    }
    // Save the first two offers, then look at them on Saved.
    const offers = (await newestListings({ offer: true })).slice(0, 2)
    await page.goto('/offers')
    for (const listing of offers) {
      await saveButton(page, listing).click()
      await expect(page.getByRole('button', { name: `Remove ${listing.name} from saved` })).toBeVisible()
    }
    await page.goto('/saved')
    await expect(page.getByRole('heading', { name: offers[0]?.name ?? '' })).toBeVisible()
    await expectHeartsClearOfText(page, '/saved')
  })

  test('does not move when Link Copied! shows beside it', async ({ page, context }) => {
    const [listing] = await newestListings()
    if (!listing) throw new Error('the seed has no listings')
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true })
    })
    await page.goto(`/category/${listing.type}/${listing.id}`)
    const heart = saveButton(page, listing)
    const share = page.getByRole('button', { name: 'Share this listing' })
    const before = { heart: await heart.boundingBox(), share: await share.boundingBox() }
    await share.click()
    await expect(page.getByText('Link Copied!')).toBeVisible()
    expect(await heart.boundingBox()).toEqual(before.heart)
    expect(await share.boundingBox()).toEqual(before.share)
    const notice = await page.getByText('Link Copied!').boundingBox()
    if (!notice || !before.heart) throw new Error('no box for the notice or the heart')
    expect(overlaps(notice, before.heart)).toBe(false)
  })
})

test.describe('offers show what they take off', () => {
  const regular = (listing: SeedListing) => `£${listing.regular_price.toLocaleString('en-GB')}`

  test('a card shows the regular price struck through beside the discounted one', async ({ page }) => {
    const [offer] = await newestListings({ offer: true })
    if (!offer) throw new Error('the seed has no offers')
    await page.goto('/offers')
    const card = page.getByRole('listitem').filter({ hasText: offer.name })
    await expect(card.getByText(priceText(offer), { exact: true })).toBeVisible()
    const struck = card.locator('del')
    await expect(struck).toHaveText(`Regular price ${regular(offer)}`)
    expect(await struck.evaluate((el) => getComputedStyle(el).textDecorationLine)).toBe('line-through')
    // Side by side on one line.
    const [was, now] = [await struck.boundingBox(), await card.getByText(priceText(offer)).boundingBox()]
    if (!was || !now) throw new Error('no price boxes')
    expect(was.x + was.width).toBeLessThanOrEqual(now.x)
    expect(Math.abs(was.y + was.height / 2 - (now.y + now.height / 2))).toBeLessThan(6)
  })

  test('the listing page shows both prices and the discount; a home without an offer shows one price', async ({
    page,
  }) => {
    const listings = await newestListings()
    const offer = listings.find((l) => l.offer)
    const plain = listings.find((l) => !l.offer)
    if (!offer || !plain) throw new Error('the seed needs a listing with an offer and one without')
    await page.goto(`/category/${offer.type}/${offer.id}`)
    await expect(page.getByText(priceText(offer), { exact: true })).toBeVisible()
    await expect(page.locator('del')).toHaveText(`Regular price ${regular(offer)}`)
    const discount = offer.regular_price - (offer.discounted_price ?? 0)
    await expect(
      page.getByText(`£${discount.toLocaleString('en-GB')} discount`, { exact: true }),
    ).toBeVisible()

    await page.goto(`/category/${plain.type}/${plain.id}`)
    await expect(page.getByText(priceText(plain), { exact: true })).toBeVisible()
    await expect(page.locator('del')).toHaveCount(0)
  })
})
