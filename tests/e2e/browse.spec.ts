import { expect, test } from '@playwright/test'
import { watchApiRequests } from './support/api-requests'
import { holdRequests } from './support/hold'
import { pressLoadMoreWhileLoading } from './support/load-more'
import { ONLINE_ONLY } from './support/service-worker'
import { newestListings } from './support/stack'

test.use(ONLINE_ONLY)

test.describe('browsing listings as a visitor', () => {
  test('Explore shows the 5 newest listings in the Recommended slider and links both categories', async ({
    page,
  }) => {
    const newest = (await newestListings()).slice(0, 5)
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1, name: 'Explore' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Recommended' })).toBeVisible()

    const slides = page.getByRole('group', { name: /^\d+ \/ 5$/ })
    await expect(slides).toHaveCount(5)
    for (const [index, listing] of newest.entries()) {
      await expect(page.getByRole('group', { name: `${index + 1} / 5` })).toContainText(listing.name)
    }
    await expect(page.getByRole('button', { name: 'Next slide' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Go to slide 2' })).toBeVisible()

    await page.getByRole('link', { name: 'Places for Rent' }).click()
    await expect(page).toHaveURL(/\/category\/rent$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Places for Rent' })).toBeVisible()
    await page.getByRole('link', { name: 'Explore' }).click()
    await page.getByRole('link', { name: 'Places for Sale' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Places for Sale' })).toBeVisible()
  })

  test('a slide opens its listing, and the slider can be moved with its dots', async ({ page }) => {
    const [, second] = await newestListings()
    if (!second) throw new Error('the seed needs at least 2 listings')
    await page.goto('/')
    await page.getByRole('button', { name: 'Go to slide 2' }).click()
    const slide = page.getByRole('group', { name: '2 / 5' }).getByRole('link')
    await expect(slide).toBeInViewport()
    await slide.click()
    await expect(page).toHaveURL(`/category/${second.type}/${second.id}`)
    await expect(page.getByRole('heading', { level: 1, name: second.name })).toBeVisible()
  })

  test('the slideshow can be paused and played again', async ({ page }) => {
    // The page's own clock, moved on by the test: autoplay's steps without waiting for them.
    await page.clock.install()
    await page.goto('/')
    await page.getByRole('button', { name: 'Pause slideshow' }).click()
    await page.getByRole('button', { name: 'Go to slide 2' }).click()
    const second = page.getByRole('group', { name: '2 / 5' })
    await expect(second).toBeInViewport()
    // Longer than one autoplay step (8000 ms): a paused slideshow stays where it is.
    await page.mouse.move(0, 0)
    await page.clock.runFor(9000)
    await expect(second).toBeInViewport()
    await page.getByRole('button', { name: 'Play slideshow' }).click()
    await page.clock.runFor(9000)
    await expect(page.getByRole('group', { name: '3 / 5' })).toBeInViewport()
  })

  test('Offers lists only listings on offer, newest first, with the Offers tab lit', async ({ page }) => {
    const offers = await newestListings({ offer: true })
    await page.goto('/offers')
    await expect(page.getByRole('heading', { level: 1, name: 'Offers' })).toBeVisible()
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Offers' }),
    ).toHaveAttribute('aria-current', 'page')
    if (offers.length === 0) {
      await expect(page.getByText('There are no current offers')).toBeVisible()
      return
    }
    const names = page.getByRole('main').getByRole('listitem').getByRole('heading', { level: 2 })
    await expect(names).toHaveText(offers.slice(0, 10).map((listing) => listing.name))
  })

  test('a category shows 10 listings at a time; Load More appends the next 10, newest first', async ({
    page,
  }) => {
    const rent = await newestListings({ type: 'rent' })
    expect(rent.length, 'the seed needs more than 30 listings for rent').toBeGreaterThan(30)
    await page.goto('/category/rent')
    const names = page.getByRole('main').getByRole('listitem').getByRole('heading', { level: 2 })
    await expect(names).toHaveCount(10)
    await expect(names).toHaveText(rent.slice(0, 10).map((listing) => listing.name))

    const loadMore = page.getByRole('button', { name: 'Load More' })
    for (const shown of [20, 30]) {
      await loadMore.click()
      await expect(names).toHaveText(rent.slice(0, shown).map((listing) => listing.name))
    }
    await expect(loadMore).toBeVisible()
  })

  test("a list's next pages and a listing go to the API at once, with no CORS preflight before them", async ({
    page,
  }) => {
    const sent = await watchApiRequests(page)
    await page.goto('/category/rent')
    const cards = page.getByRole('main').getByRole('listitem')
    await expect(cards).toHaveCount(10)
    const loadMore = page.getByRole('button', { name: 'Load More' })
    for (const shown of [20, 30]) {
      await loadMore.click()
      await expect(cards).toHaveCount(shown)
    }
    await cards.nth(25).getByRole('link').first().click()
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await page.getByRole('link', { name: 'Contact Landlord' }).click()
    await expect(page.getByRole('heading', { level: 1, name: /^Contact / })).toBeVisible()
    // Until the contact has been asked for (the page's last request), not until the network is idle: the app's
    // background syncs may keep it busy.
    await expect
      .poll(() => sent.some((request) => request.path === '/rest/v1/rpc/landlord_contact'))
      .toBe(true)
    // The first page, two more (the homes on the market) and the listing: each a GET the browser sent at once.
    // The landlord's contact is a POST, since each read is counted against the address's hourly limit, so it
    // alone has a preflight.
    expect(
      sent.filter((request) => request.path === '/rest/v1/market_listings').length,
    ).toBeGreaterThanOrEqual(3)
    expect(sent).toContainEqual({ method: 'GET', path: '/rest/v1/listings' })
    expect(sent).toContainEqual({ method: 'POST', path: '/rest/v1/rpc/landlord_contact' })
    expect(
      sent.filter((request) => request.method !== 'GET' && request.path !== '/rest/v1/rpc/landlord_contact'),
    ).toEqual([])
  })

  test('Load More pressed from the keyboard keeps the focus, and a second press while it loads fetches nothing more', async ({
    page,
  }) => {
    const rent = await newestListings({ type: 'rent' })
    await page.goto('/category/rent')
    const names = page.getByRole('main').getByRole('listitem').getByRole('heading', { level: 2 })
    await expect(names).toHaveCount(10)
    const requests = await pressLoadMoreWhileLoading(
      page,
      /\/rest\/v1\/market_listings\?.*type=eq\.rent/,
      () => expect(names).toHaveText(rent.slice(0, 20).map((listing) => listing.name)),
    )
    expect(requests).toBe(1)
  })

  test("a tap on Load More dims it in the tap's own frame, with no spinner until the page is slow", async ({
    page,
  }) => {
    await page.goto('/category/rent')
    const loadMore = page.getByRole('button', { name: 'Load More' })
    await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(10)
    const held = await holdRequests(page, /\/rest\/v1\/market_listings\?.*type=eq\.rent/)
    // The frame after the tap, read in the page: the spinner waits LOAD_MORE_SPINNER_DELAY_MS (200 ms).
    const nextFrame = await loadMore.evaluate(async (button: HTMLElement) => {
      button.click()
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))
      return {
        busy: button.getAttribute('aria-busy'),
        dimmed: getComputedStyle(button).opacity,
        spinner: button.querySelector('.spinner__ring') !== null,
      }
    })
    expect(nextFrame).toEqual({ busy: 'true', dimmed: '0.6', spinner: false })
    await expect(loadMore.locator('.spinner__ring')).toBeVisible()
    held.release()
    await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(20)
    await expect(loadMore.locator('.spinner__ring')).toHaveCount(0)
  })

  test('Load More appends the rest of a list and then goes away', async ({ page }) => {
    // Offers are the shortest list the seed has more than one page of.
    const offers = await newestListings({ offer: true })
    expect(offers.length, 'the seed needs more than 10 offers').toBeGreaterThan(10)
    await page.goto('/offers')
    const names = page.getByRole('main').getByRole('listitem').getByRole('heading', { level: 2 })
    await expect(names).toHaveCount(10)
    const loadMore = page.getByRole('button', { name: 'Load More' })
    let shown = 10
    while (shown < offers.length) {
      await loadMore.click()
      shown = Math.min(shown + 10, offers.length)
      await expect(names).toHaveCount(shown)
    }
    await expect(names).toHaveText(offers.map((listing) => listing.name))
    await expect(loadMore).toHaveCount(0)
  })

  test('a category other than rent or sale is a page that does not exist', async ({ page }) => {
    await page.goto('/category/castles')
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
  })

  test('an unknown address shows Page not found with a way home', async ({ page }) => {
    await page.goto('/no-such-page')
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
    await page.getByRole('link', { name: 'Back to Explore' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Explore' })).toBeVisible()
  })

  test('a signed-out visitor who opens a protected screen is sent to sign in, keeping where they were going', async ({
    page,
  }) => {
    await page.goto('/profile')
    await expect(page).toHaveURL(/\/sign-in\?redirect=%2Fprofile$/)
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible()
  })
})
