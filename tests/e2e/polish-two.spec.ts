import AxeBuilder from '@axe-core/playwright'
import { expect, type Page, test } from '@playwright/test'
import { newAccount, photo, userIdOf } from './support/accounts'
import { type MarketListing, publishHomes, removeHomes, setStatus, uniqueWord } from './support/market'
import {
  accountViaApi,
  clientOf,
  newSignedInAccount,
  publishHome,
  serverSavedSearches,
} from './support/saved-searches'
import { ONLINE_ONLY } from './support/service-worker'
import { anon, newestListings, signInAs } from './support/stack'

test.use(ONLINE_ONLY)

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze()
  expect(results.violations.map((v) => `${v.id} (${v.nodes.length})`)).toEqual([])
}

/** A picture for the people reviewing a change, when asked for (ROOST_E2E_SHOTS names a folder outside the repo). */
async function shoot(page: Page, name: string) {
  const folder = process.env.ROOST_E2E_SHOTS
  if (folder) await page.screenshot({ path: `${folder}/${name}.png` })
}

const cards = (page: Page) => page.getByRole('main').getByRole('listitem')
const FOLD = 844

test.describe('the search screen on a phone', () => {
  test('keeps its controls compact: two result cards show above the fold', async ({ page }) => {
    await page.goto('/search')
    await expect(page.getByRole('heading', { level: 2, name: /^[\d,]+\+? homes?$/ })).toBeVisible()
    await expect(cards(page).nth(1)).toBeVisible()
    await shoot(page, 'search-phone')
    const nav = await page.getByRole('navigation').last().boundingBox()
    const fold = Math.min(FOLD, nav?.y ?? FOLD)
    for (const index of [0, 1]) {
      const name = await cards(page).nth(index).getByRole('heading').boundingBox()
      expect(name, `card ${index + 1}'s name`).not.toBeNull()
      expect(
        (name?.y ?? FOLD) + (name?.height ?? 0),
        `card ${index + 1}'s name is above the fold`,
      ).toBeLessThanOrEqual(fold)
    }
    // Place, Filters, sort and the map sit together above the results, not stacked one under another.
    const field = await page.getByRole('combobox', { name: 'Search by place or keyword' }).boundingBox()
    const filters = await page.getByRole('button', { name: /^Filters/ }).boundingBox()
    const sort = await page.getByRole('combobox', { name: 'Sort by' }).boundingBox()
    const map = await page.getByRole('button', { name: 'Map', exact: true }).boundingBox()
    const top = Math.min(...[field, filters, sort, map].map((box) => box?.y ?? 0))
    const bottom = Math.max(...[field, filters, sort, map].map((box) => (box?.y ?? 0) + (box?.height ?? 0)))
    expect(bottom - top, 'the controls take at most two rows').toBeLessThanOrEqual(112)
    await expectNoAxeViolations(page)
  })

  test('opens the filters as a sheet that shows the count and closes with its button or Escape', async ({
    page,
  }) => {
    const { count } = await anon
      .from('listings')
      .select('id', { count: 'exact', head: true })
      .eq('type', 'rent')
    const homes = (n: number) =>
      n >= 1000 ? '1,000+ homes' : `${n.toLocaleString('en-GB')} ${n === 1 ? 'home' : 'homes'}`
    await page.goto('/search')
    const toggle = page.getByRole('button', { name: /^Filters/ })
    await toggle.click()
    const sheet = page.getByRole('dialog', { name: 'Filters' })
    await expect(sheet).toBeVisible()
    await sheet.getByRole('radio', { name: 'Rent' }).check()
    await expect(page).toHaveURL(/[?&]type=rent/)
    const show = sheet.getByRole('button', { name: `Show ${homes(count ?? 0)}` })
    await expect(show).toBeVisible()
    await expectNoAxeViolations(page)
    await shoot(page, 'search-phone-filters')
    await show.click()
    await expect(sheet).toBeHidden()
    await expect(page.getByRole('button', { name: 'Filters, 1 set' })).toBeVisible()

    await page.getByRole('button', { name: 'Filters, 1 set' }).click()
    await expect(sheet).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(sheet).toBeHidden()

    await page.getByRole('button', { name: 'Filters, 1 set' }).click()
    await sheet.getByRole('button', { name: 'Close' }).click()
    await expect(sheet).toBeHidden()
  })
})

test.describe('a saved search', () => {
  test('reads Saved once saved, opens its settings, cannot be saved twice, and shows its name when opened', async ({
    page,
  }) => {
    test.slow()
    const account = await newSignedInAccount(page, 'saves-once')
    const server = await clientOf(account.email, account.password)
    const name = 'Rent · Leeds, England · 2+ beds'
    await page.goto('/search?type=rent&place=2644688&minBeds=2')
    await page.getByRole('button', { name: 'Save search' }).click()
    const saved = page.getByRole('link', { name: `Saved: ${name}, its settings` })
    await expect(saved).toBeVisible()
    await expect(saved).toHaveText('Saved')
    await expect(page.getByRole('button', { name: 'Save search' })).toHaveCount(0)
    await expect.poll(async () => (await serverSavedSearches(server)).length).toBe(1)

    // The same search in another order of its parameters is the same saved search.
    await page.goto('/search?minBeds=2&place=2644688&type=rent')
    await expect(saved).toBeVisible()
    await expect(page.getByRole('status').filter({ hasText: `Saved as “${name}”` })).toBeVisible()
    await expectNoAxeViolations(page)

    // The database refuses a second copy, in words a person reads.
    const again = await server
      .from('saved_searches')
      .insert({ name: 'Again', params: { type: 'rent', place: 2644688, minBeds: 2 } })
    expect(again.error?.message).toBe('You have already saved this search')

    await saved.click()
    await expect(page).toHaveURL(/\/saved\?view=searches/)
    await expect(page.getByRole('heading', { name })).toBeVisible()
  })
})

test.describe('a visitor sent to sign in', () => {
  test('is told why: saving a search, messaging a landlord, reporting a listing', async ({ page }) => {
    const welcome = page.getByRole('heading', { level: 1, name: 'Welcome Back' })
    await page.goto('/search?q=Leeds')
    await expect(page.getByText(/^Showing homes (in|with)/)).toBeVisible()
    await page.getByRole('button', { name: 'Save search' }).click()
    await expect(welcome).toBeVisible()
    await expect(page.getByText('Sign in to save this search', { exact: true })).toBeVisible()
    await expectNoAxeViolations(page)

    const [listing] = await newestListings({ type: 'rent' })
    if (!listing) throw new Error('the seed has no rent listings')
    await page.goto(
      `/contact/${listing.user_ref}?listingName=${encodeURIComponent(listing.name)}&listingId=${listing.id}&listingType=rent`,
    )
    await page.getByRole('textbox', { name: 'Message' }).fill('Is it still available?')
    await page.getByRole('button', { name: 'Send in Roost' }).click()
    await expect(welcome).toBeVisible()
    await expect(page.getByText('Sign in to message the landlord', { exact: true })).toBeVisible()

    await page.goto(`/category/rent/${listing.id}`)
    await page.getByRole('link', { name: 'Report this listing' }).click()
    await expect(welcome).toBeVisible()
    await expect(page.getByText('Sign in to report this listing', { exact: true })).toBeVisible()
  })
})

type Box = { x: number; y: number; width: number; height: number }
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
const inside = (inner: Box, outer: Box) =>
  inner.x >= outer.x - 0.5 &&
  inner.y >= outer.y - 0.5 &&
  inner.x + inner.width <= outer.x + outer.width + 0.5 &&
  inner.y + inner.height <= outer.y + outer.height + 0.5

test.describe('a card with a status badge', () => {
  for (const size of ['100%', '200%'] as const)
    test(`shows its badges and price whole, clear of the heart, 320 px wide at ${size} text size`, async ({
      page,
    }) => {
      const word = uniqueWord('badge')
      const listings = await publishHomes([
        { name: `Let ${word}`, type: 'rent' },
        { name: `Sale ${word}`, type: 'sale' },
      ])
      await setStatus(listings[0] as MarketListing, 'let_agreed')
      await setStatus(listings[1] as MarketListing, 'under_offer')
      // Taken away whatever the checks find, so no later spec meets them.
      try {
        await page.setViewportSize({ width: 320, height: 700 })
        // Saved on this device, as the visitor who saw the clipped badges had.
        for (const listing of listings) {
          await page.goto(`/search?q=${encodeURIComponent(listing.name)}`)
          await page
            .getByRole('button', { name: `Save ${listing.name}` })
            .first()
            .click()
          await expect(
            page.getByRole('button', { name: `Remove ${listing.name} from saved` }).first(),
          ).toBeVisible()
        }
        await page.goto('/saved')
        await expect(page.getByRole('heading', { name: listings[0]?.name ?? '' })).toBeVisible()
        if (size === '200%')
          await page.addStyleTag({ content: 'html { font-size: 200% } body { font-size: 32px }' })
        const cards = page.getByRole('main').getByRole('listitem')
        for (let i = 0; i < (await cards.count()); i++) {
          const card = cards.nth(i)
          const cardBox = await card.boundingBox()
          const media = await card.locator('.listing-card__media').boundingBox()
          const heart = await card.getByRole('button', { name: /^(Save |Remove )/ }).boundingBox()
          if (!cardBox || !media || !heart) throw new Error(`card ${i} is not drawn`)
          for (const badge of await card.locator('.listing-card__badges .badge').all()) {
            const box = await badge.boundingBox()
            const text = await badge.innerText()
            if (!box) throw new Error(`badge ${text} is not drawn`)
            expect(inside(box, media), `${text} lies within its photo`).toBe(true)
            expect(overlaps(box, heart), `the heart covers ${text}`).toBe(false)
            expect(
              await badge.evaluate((el) => el.scrollWidth <= el.clientWidth + 1),
              `${text} is not cut`,
            ).toBe(true)
          }
          const price = card.locator('.listing-card__price')
          const priceBox = await price.boundingBox()
          if (!priceBox) throw new Error(`card ${i} has no price`)
          expect(inside(priceBox, cardBox), `card ${i}'s price lies within the card`).toBe(true)
          expect(
            await price.evaluate((el) => el.scrollWidth <= el.clientWidth + 1),
            `card ${i}'s price is not cut`,
          ).toBe(true)
        }
      } finally {
        await removeHomes(listings)
      }
    })
})

test.describe('Show my email to visitors', () => {
  test('says what its state does, and shows only to people with listings', async ({ page, browser }) => {
    await signInAs(page, 'alice@example.com')
    await page.goto('/profile')
    const setting = page.getByRole('checkbox', { name: 'Show my email to visitors' })
    await expect(setting).toBeChecked()
    const on = 'On, visitors see your email on your listings’ contact page and can write to you in Roost too.'
    const off = 'Off, visitors write to you in Roost only, and your email is given to nobody.'
    await expect(page.getByText(on)).toBeVisible()
    await expect(page.getByText(off)).toHaveCount(0)
    await setting.uncheck()
    await expect(page.getByText(off)).toBeVisible()
    await expect(page.getByText(on)).toHaveCount(0)
    await expectNoAxeViolations(page)
    await setting.check()
    await expect(page.getByText(on)).toBeVisible()

    // A new hunter with no listing has no such setting.
    const hunter = await browser.newContext()
    const hunterPage = await hunter.newPage()
    await newSignedInAccount(hunterPage, 'no-listings', '/profile')
    await hunterPage.goto('/profile')
    await expect(hunterPage.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible()
    await expect(hunterPage.getByRole('heading', { name: 'Your data' })).toBeVisible()
    await expect(hunterPage.getByRole('checkbox', { name: 'Show my email to visitors' })).toHaveCount(0)
    await hunter.close()
  })
})

test.describe('contacting a landlord on a phone', () => {
  test('keeps Contact Landlord in reach, offers Send in Roost first and says Send Message opens the mail app', async ({
    page,
  }) => {
    // A demo landlord's home: they show their email (other specs' landlords may not).
    const alice = await userIdOf('alice@example.com')
    const listing = (await newestListings({ type: 'rent' })).find((home) => home.user_ref === alice)
    if (!listing) throw new Error('the seed has no rent listing of Alice')
    await page.goto(`/category/rent/${listing.id}`)
    const contact = page.getByRole('link', { name: 'Contact Landlord' })
    await expect(contact).toBeVisible()
    const box = await contact.boundingBox()
    const nav = await page.getByRole('navigation', { name: 'Main' }).boundingBox()
    expect(box, 'Contact Landlord is drawn').not.toBeNull()
    expect(
      (box?.y ?? 0) + (box?.height ?? 0),
      'Contact Landlord is above the fold and the navigation',
    ).toBeLessThanOrEqual(nav?.y ?? 844)
    await contact.click()
    await page.getByRole('textbox', { name: 'Message' }).fill('Is it still available?')
    const roost = page.getByRole('button', { name: 'Send in Roost' })
    const mail = page.getByRole('link', { name: 'Send Message' })
    await expect(roost).toBeVisible()
    await expect(mail).toBeVisible()
    expect((await roost.boundingBox())?.y ?? 0).toBeLessThan((await mail.boundingBox())?.y ?? 0)
    await expect(roost).toHaveClass(/button--primary/)
    await expect(mail).toHaveClass(/button--secondary/)
    await expect(mail).toHaveAccessibleDescription(/Opens your mail app/)
    await expectNoAxeViolations(page)
  })

  test("the spec's link without the listing's id still lets a visitor write in Roost", async ({ page }) => {
    const [listing] = await newestListings({ type: 'rent' })
    if (!listing) throw new Error('the seed has no rent listings')
    await page.goto(`/contact/${listing.user_ref}?listingName=${encodeURIComponent(listing.name)}`)
    await expect(page.getByRole('link', { name: listing.name })).toBeVisible()
    await page.getByRole('textbox', { name: 'Message' }).fill('Is it still available?')
    await expect(page.getByRole('button', { name: 'Send in Roost' })).toBeEnabled()
  })
})

test.describe("a landlord's profile", () => {
  test('shows Your Listings 10 at a time and reaches Your data at once', async ({ page }) => {
    await signInAs(page, 'alice@example.com')
    await page.goto('/profile')
    const yours = page.getByRole('region', { name: 'Your Listings' })
    await expect(yours.getByRole('listitem').first()).toBeVisible()
    await expect(yours.getByRole('listitem')).toHaveCount(10)
    const height = await page.evaluate(() => document.documentElement.scrollHeight)
    expect(height, 'the profile is a few screens, not dozens').toBeLessThan(844 * 8)
    await page
      .getByRole('navigation', { name: 'Profile sections' })
      .getByRole('link', { name: 'Your data' })
      .click()
    await expect(page.getByRole('heading', { level: 2, name: 'Your data' })).toBeInViewport()
    await expectNoAxeViolations(page)
    await yours.getByRole('button', { name: 'Load More' }).click()
    await expect(yours.getByRole('listitem')).toHaveCount(20)
  })
})

test.describe('the Saved and Messages tabs', () => {
  test('mark one Saved view as current, show the unread count beside Messages, and keep All messages on one line', async ({
    page,
  }) => {
    await page.goto('/saved?view=searches')
    const views = page.getByRole('navigation', { name: 'Saved' })
    const current = views.locator('[aria-current="page"]')
    await expect(views.getByRole('link', { name: 'Searches' })).toHaveAttribute('aria-current', 'page')
    await expect(current, 'one Saved view is current').toHaveCount(1)
    await page.goto('/saved')
    await expect(views.getByRole('link', { name: 'Homes' })).toHaveAttribute('aria-current', 'page')
    await expect(current, 'one Saved view is current').toHaveCount(1)
    await expectNoAxeViolations(page)

    // A landlord with one unread conversation: a hunter's enquiry about their home.
    const landlord = await newSignedInAccount(page, 'unread-landlord', '/profile')
    const landlordClient = await clientOf(landlord.email, landlord.password)
    const listingId = await publishHome(landlordClient, {
      name: `Badge flat ${Math.random().toString(36).slice(2, 6)}`,
      location: 'Hackney, London',
      price: 1500,
      bedrooms: 2,
    })
    try {
      const hunter = newAccount('unread-hunter')
      await accountViaApi(hunter)
      const { error } = await (await clientOf(hunter.email, hunter.password)).rpc('send_enquiry', {
        listing_id: listingId,
        message_id: crypto.randomUUID(),
        body: 'Is it still available?',
      })
      expect(error).toBeNull()
      await page.goto(`/messages/${crypto.randomUUID()}`)
      const nav = page.getByRole('navigation', { name: 'Main' })
      const badge = nav.getByTestId('unread-count')
      await expect(badge).toHaveText(/^1/)
      await shoot(page, 'nav-unread-badge')
      // Beside the label: on its line (vertical centres together) and to its right, close by.
      const label = await nav.getByText('Messages', { exact: true }).boundingBox()
      const count = await badge.boundingBox()
      if (!label || !count) throw new Error('the Messages label or its count has no box')
      expect(
        Math.abs(label.y + label.height / 2 - (count.y + count.height / 2)),
        'the count is on the label’s line',
      ).toBeLessThanOrEqual(3)
      expect(count.x, 'the count is right of the label').toBeGreaterThanOrEqual(label.x + label.width - 1)
      expect(count.x - (label.x + label.width), 'the count is beside the label').toBeLessThanOrEqual(8)

      // All messages on one line: its box is as high as a one-line button.
      const all = page.getByRole('link', { name: 'All messages' })
      await expect(all).toBeVisible()
      const heights = await all.evaluate((el) => {
        const style = getComputedStyle(el)
        const px = (value: string) => Number.parseFloat(value) || 0
        const oneLine =
          px(style.lineHeight) +
          px(style.paddingTop) +
          px(style.paddingBottom) +
          px(style.borderTopWidth) +
          px(style.borderBottomWidth)
        return { box: el.getBoundingClientRect().height, oneLine: Math.max(oneLine, px(style.minHeight)) }
      })
      expect(heights.box, 'All messages is one line high').toBeLessThanOrEqual(heights.oneLine + 1)
      const lines = await all.evaluate((el) => {
        const range = document.createRange()
        range.selectNodeContents(el)
        return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size
      })
      expect(lines, 'All messages is one line').toBe(1)
      await expectNoAxeViolations(page)
    } finally {
      // The home goes with the test (its enquiry with it), thrown or not.
      await landlordClient.from('listings').delete().eq('id', listingId)
    }
  })
})

test.describe('the photo picker', () => {
  test("shows how many photos were chosen and their thumbnails, never the browser's No file chosen", async ({
    page,
  }) => {
    await newSignedInAccount(page, 'photo-picker', '/create-listing')
    await page.goto('/create-listing')
    const input = page.getByLabel('Images')
    await input.setInputFiles([await photo('one.jpg'), await photo('two.jpg')])
    await expect(page.getByRole('list', { name: /photos/i }).getByRole('listitem')).toHaveCount(2)
    await expect(page.getByText('2 photos', { exact: true })).toBeVisible()
    // The browser's own control (which still says No file chosen) takes no room on the screen.
    const box = await input.boundingBox()
    expect((box?.width ?? 0) <= 1 && (box?.height ?? 0) <= 1, 'the native file control is not drawn').toBe(
      true,
    )
    await expect(page.getByText('Choose photos', { exact: true })).toBeVisible()
    await expectNoAxeViolations(page)
  })
})

test.describe('the search map', () => {
  test("keeps a home's card inside the map when its pin is near the top edge", async ({ page }) => {
    test.slow()
    // A demo landlord's home, not one another spec published (those share a spot and cluster).
    const alice = await userIdOf('alice@example.com')
    const { data } = await anon
      .from('listings')
      .select('name, latitude, longitude')
      .eq('type', 'rent')
      .eq('user_ref', alice)
      .order('created_at', { ascending: false })
      .limit(1)
      .single()
    if (!data) throw new Error('the seed has no rent listing of Alice')
    const {
      name,
      latitude: lat,
      longitude: lng,
    } = data as { name: string; latitude: number; longitude: number }
    // An area with the home just under its top edge.
    const bbox = [lng - 0.004, lat - 0.012, lng + 0.004, lat + 0.0008].map((n) => n.toFixed(5)).join(',')
    await page.goto(`/search?type=rent&view=map&bbox=${bbox}`)
    const map = page.getByRole('region', { name: 'Map of results' })
    const price = map.locator(`.search-map__price[aria-label^="${name}, £"]`)
    await expect(price.first()).toBeVisible({ timeout: 30_000 })
    await price.first().tap()
    const card = map.locator('.search-map__card')
    await expect(card).toBeVisible()
    await expect(card).toContainText(name)
    const cardBox = await card.boundingBox()
    const canvas = await map.locator('.maplibregl-map').first().boundingBox()
    if (!cardBox || !canvas) throw new Error('the map or the card is not drawn')
    expect(cardBox.y, 'the card starts inside the map').toBeGreaterThanOrEqual(canvas.y - 0.5)
    expect(cardBox.y + cardBox.height, 'the card ends inside the map').toBeLessThanOrEqual(
      canvas.y + canvas.height + 0.5,
    )
  })
})
