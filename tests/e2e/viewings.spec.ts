import { type Browser, expect, type Page, test } from '@playwright/test'
import type { SupabaseClient } from '@supabase/supabase-js'
import { fromLondon, londonDate } from '../../src/features/viewings/viewing-time'
import { type Account, fillSignIn } from './support/accounts'
import { type Person, personViaApi, publishHome } from './support/saved-searches'
import { cachedUrls, waitForServiceWorker } from './support/service-worker'

/**
 * Viewings with a landlord and hunters in their own browser contexts: the landlord offers a run of times,
 * hunters book (instantly, or by request the landlord confirms), cancel, race for one time, and a viewing
 * day opened with no signal, its Cancel and Running late sent once when the signal returns.
 */

async function landlordWithHome(label: string) {
  const landlord = await personViaApi(label)
  const listingName = `Viewing flat ${Math.random().toString(36).slice(2, 6)}`
  const listingId = await publishHome(landlord.client, {
    name: listingName,
    location: '12 Elm Road, Hackney',
    price: 1500,
    bedrooms: 2,
  })
  return { ...landlord, listingId, listingName }
}

async function signedInPage(browser: Browser, account: Account): Promise<Page> {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto('/sign-in')
  await fillSignIn(page, account.email, account.password)
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible({ timeout: 30_000 })
  return page
}

const london = (at: Date, options: Intl.DateTimeFormatOptions) =>
  Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', ...options })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  ) as Record<string, string>

/** `Sat 6 Dec, 10:20`, as the app says it. */
function viewingTime(at: Date): string {
  const p = london(at, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
  return `${p.weekday} ${p.day} ${p.month}, ${p.hour}:${p.minute}`
}

/** Offers one time through the API, at a given start or `minutes` from now on a whole 5 minutes; returns its start. */
async function offerTime(
  landlord: Person & { listingId: string },
  minutesAheadOrAt: number | Date,
  confirmEach = false,
): Promise<{ id: string; startsAt: Date }> {
  const startsAt =
    minutesAheadOrAt instanceof Date
      ? minutesAheadOrAt
      : new Date(Math.ceil((Date.now() + minutesAheadOrAt * 60_000) / 300_000) * 300_000)
  const { data, error } = await landlord.client
    .from('viewing_slots')
    .insert({
      listing_id: landlord.listingId,
      starts_at: startsAt.toISOString(),
      minutes: 20,
      confirm_each: confirmEach,
    })
    .select('id')
    .single()
  if (error) throw error
  return { id: (data as { id: string }).id, startsAt }
}

async function bookingsOf(client: SupabaseClient): Promise<{ status: string; cancelled_late: boolean }[]> {
  const { data, error } = await client
    .from('viewing_bookings')
    .select('status, cancelled_late')
    .order('starts_at')
  if (error) throw error
  return data as { status: string; cancelled_late: boolean }[]
}

const listingUrl = (l: { listingId: string }) => `/category/rent/${l.listingId}`
const bookingPanel = (page: Page) => page.getByRole('region', { name: 'Book a viewing' })

/**
 * Opens the listing and scrolls to `Book a viewing`, as a person does: its panel loads only once the section
 * comes near the screen (and sections above it may still grow as they load, so it scrolls until it has).
 */
async function openListing(page: Page, landlord: { listingId: string }) {
  await page.goto(listingUrl(landlord))
  const section = bookingPanel(page)
  await expect(async () => {
    await section.scrollIntoViewIfNeeded()
    await expect(section.locator(':scope > :not(h2)').first()).toBeAttached({ timeout: 1_000 })
  }).toPass({ timeout: 30_000 })
}

test.describe('viewings', () => {
  test.setTimeout(180_000)

  test('a landlord offers a run of times; a hunter books one instantly and both see it in Viewings', async ({
    browser,
  }) => {
    const landlord = await landlordWithHome('offers')
    const hunter = await personViaApi('books')
    const landlordPage = await signedInPage(browser, landlord.account)
    await landlordPage.goto(listingUrl(landlord))
    await landlordPage.getByRole('link', { name: 'Viewing times' }).click()
    await expect(landlordPage.getByRole('heading', { level: 1, name: 'Viewing times' })).toBeVisible()

    const day = new Date(Date.now() + 3 * 24 * 3600_000)
    const date = london(day, { year: 'numeric', month: '2-digit', day: '2-digit' })
    await landlordPage.getByLabel('Date').fill(`${date.year}-${date.month}-${date.day}`)
    await landlordPage.getByLabel('Start').fill('10:00')
    await landlordPage.getByLabel('Until (for a run)').fill('11:00')
    await landlordPage.getByLabel('Length').selectOption('20')
    await expect(landlordPage.getByText(/10:00–11:00, every 20 minutes/)).toBeVisible()
    await landlordPage.getByRole('button', { name: 'Add 3 times' }).click()
    await expect(landlordPage.getByRole('button', { name: /^Remove / })).toHaveCount(3)

    const hunterPage = await signedInPage(browser, hunter.account)
    await openListing(hunterPage, landlord)
    const panel = bookingPanel(hunterPage)
    await panel.getByRole('button', { name: /10:20$/ }).click()
    await panel.getByRole('button', { name: /^Book / }).click()
    const booked = panel.getByText(/^Viewing booked for \w{3} \d{1,2} \w{3}, 10:20$/)
    await expect(booked).toBeVisible()
    await panel.getByRole('link', { name: 'Viewings' }).click()
    await expect(hunterPage.getByRole('article', { name: new RegExp(landlord.listingName) })).toContainText(
      'Booked',
    )
    await expect(hunterPage.getByRole('button', { name: 'Add to calendar' })).toBeVisible()

    await landlordPage.goto('/profile')
    // The profile settles once Your Listings has loaded (its sections render again then).
    await expect(landlordPage.getByRole('main').getByText(landlord.listingName).first()).toBeVisible()
    await landlordPage.getByRole('link', { name: 'Viewings' }).click()
    await expect(landlordPage).toHaveURL(/\/viewings$/)
    const card = landlordPage.getByRole('article', { name: new RegExp(landlord.listingName) })
    await expect(card).toContainText('Booked')
    await expect(card).toContainText(hunter.account.name)

    // The booked time is gone from the panel; the history is in the conversation.
    await openListing(hunterPage, landlord)
    await expect(bookingPanel(hunterPage).getByRole('button', { name: /10:00$/ })).toBeVisible()
    await expect(bookingPanel(hunterPage).getByRole('button', { name: /10:20$/ })).toHaveCount(0)
    await hunterPage.goto('/messages')
    await expect(hunterPage.getByText(/Viewing booked for/)).toBeVisible()

    // The landlord removes the booked time: the booking is cancelled, and the hunter sees it so.
    await landlordPage.goto(`/viewing-times/${landlord.listingId}`)
    await landlordPage.getByRole('button', { name: /^Remove .*, 10:20$/ }).click()
    await expect(landlordPage.getByRole('button', { name: /^Remove / })).toHaveCount(2)
    await hunterPage.goto('/viewings')
    await expect(hunterPage.getByRole('article', { name: new RegExp(landlord.listingName) })).toContainText(
      'Cancelled',
    )
  })

  test('a visitor signs in and comes back to the time they chose', async ({ browser }) => {
    const landlord = await landlordWithHome('visitor')
    const hunter = await personViaApi('visitor-hunter')
    const slot = await offerTime(landlord, 5 * 24 * 60)
    const page = await (await browser.newContext()).newPage()
    await openListing(page, landlord)
    await bookingPanel(page)
      .getByRole('link', { name: `${viewingTime(slot.startsAt)}: sign in to book` })
      .click()
    await fillSignIn(page, hunter.account.email, hunter.account.password)
    const book = bookingPanel(page).getByRole('button', { name: `Book ${viewingTime(slot.startsAt)}` })
    await expect(book).toBeVisible({ timeout: 30_000 })
    // Back on the listing, the time they chose is on the screen, however far down the page the panel sits.
    await expect(book).toBeInViewport()
    await book.click()
    await expect(
      bookingPanel(page).getByText(`Viewing booked for ${viewingTime(slot.startsAt)}`),
    ).toBeVisible()
  })

  test('a request waits for the landlord’s Confirm; a cancelled viewing says so on both sides', async ({
    browser,
  }) => {
    const landlord = await landlordWithHome('confirms')
    const hunter = await personViaApi('requests')
    const slot = await offerTime(landlord, 2 * 24 * 60, true)
    const hunterPage = await signedInPage(browser, hunter.account)
    await openListing(hunterPage, landlord)
    await bookingPanel(hunterPage)
      .getByRole('button', { name: viewingTime(slot.startsAt) })
      .click()
    await bookingPanel(hunterPage)
      .getByRole('button', { name: /^Request / })
      .click()
    await expect(bookingPanel(hunterPage).getByText('Request sent: the landlord will confirm')).toBeVisible()

    const landlordPage = await signedInPage(browser, landlord.account)
    await landlordPage.goto('/viewings')
    const card = landlordPage.getByRole('article', { name: new RegExp(landlord.listingName) })
    await expect(card).toContainText('Request to confirm')
    await card.getByRole('button', { name: 'Confirm' }).click()
    await expect(card).toContainText('Booked')
    expect(await bookingsOf(hunter.client)).toEqual([{ status: 'booked', cancelled_late: false }])

    await hunterPage.goto('/viewings')
    const hunterCard = hunterPage.getByRole('article', { name: new RegExp(landlord.listingName) })
    await expect(hunterCard).toContainText('Booked')
    await hunterCard.getByRole('button', { name: 'Cancel' }).click()
    await expect(hunterCard).toContainText('Cancelled')
    await expect
      .poll(() => bookingsOf(hunter.client))
      .toEqual([{ status: 'cancelled', cancelled_late: false }])
    await landlordPage.reload()
    await expect(card).toContainText('Cancelled')
  })

  test('two people book one time at once: one gets it, the other is told it was just taken', async ({
    browser,
  }) => {
    const landlord = await landlordWithHome('race')
    const [first, second] = await Promise.all([personViaApi('racer-a'), personViaApi('racer-b')])
    const slot = await offerTime(landlord, 4 * 24 * 60)
    const pages = await Promise.all([
      signedInPage(browser, first.account),
      signedInPage(browser, second.account),
    ])
    for (const page of pages) {
      await openListing(page, landlord)
      await bookingPanel(page)
        .getByRole('button', { name: viewingTime(slot.startsAt) })
        .click()
    }
    await Promise.all(
      pages.map((page) =>
        bookingPanel(page)
          .getByRole('button', { name: /^Book / })
          .click(),
      ),
    )
    const outcomes = await Promise.all(
      pages.map(async (page) => {
        const won = bookingPanel(page).getByText(/^Viewing booked for /)
        const lost = bookingPanel(page).getByText('That time was just taken: pick another')
        await expect(won.or(lost)).toBeVisible()
        return (await won.isVisible()) ? 'won' : 'lost'
      }),
    )
    expect(outcomes.sort()).toEqual(['lost', 'won'])
  })

  test('a viewing day opens offline; Cancel and Running late are sent once when the signal returns', async ({
    browser,
  }) => {
    const landlord = await landlordWithHome('day')
    const hunter = await personViaApi('day-hunter')
    // Two times on one London day, whatever the hour the spec runs: tomorrow morning.
    const tomorrow = londonDate(new Date(Date.now() + 24 * 3600_000))
    const early = await offerTime(landlord, fromLondon(tomorrow, '10:00'))
    const later = await offerTime(landlord, fromLondon(tomorrow, '11:00'))
    for (const slot of [early, later]) {
      const { error } = await hunter.client.rpc('book_viewing', { slot_id: slot.id })
      expect(error).toBeNull()
    }
    const page = await signedInPage(browser, hunter.account)
    await waitForServiceWorker(page)
    await page.goto('/viewings')
    const cards = page.getByRole('article', { name: new RegExp(landlord.listingName) })
    await expect(cards).toHaveCount(2)
    // The day's streets are fetched ahead into the service worker's tile cache.
    await expect
      .poll(async () => (await cachedUrls(page, 'map-tiles')).length, { timeout: 20_000 })
      .toBeGreaterThan(8)

    await page.context().setOffline(true)
    await page.reload()
    await expect(page.getByText('Offline: showing the viewings kept on this phone.')).toBeVisible()
    await expect(cards).toHaveCount(2)
    await expect(cards.first()).toContainText('12 Elm Road, Hackney')
    await expect(page.getByRole('img', { name: /^Map of 2 viewings on / })).toBeVisible()
    await cards.first().getByRole('button', { name: 'Running late' }).click()
    await expect(cards.first()).toContainText('Told the landlord you are late')
    await cards.nth(1).getByRole('button', { name: 'Cancel' }).click()
    await expect(cards.nth(1)).toContainText('Cancelled (sending when online)')
    expect(await bookingsOf(hunter.client)).toEqual([
      { status: 'booked', cancelled_late: false },
      { status: 'booked', cancelled_late: false },
    ])

    await page.context().setOffline(false)
    await expect
      .poll(() => bookingsOf(hunter.client), { timeout: 30_000 })
      .toEqual([
        { status: 'booked', cancelled_late: false },
        { status: 'cancelled', cancelled_late: false },
      ])
    const lateLines = async () => {
      const { data } = await landlord.client.from('messages').select('body').like('body', 'Running late%')
      return data?.length ?? 0
    }
    await expect.poll(lateLines, { timeout: 30_000 }).toBe(1)
    // Going offline and back sends nothing more.
    await page.context().setOffline(true)
    await page.context().setOffline(false)
    await page.reload()
    await expect(cards.nth(1)).toContainText('Cancelled')
    expect(await lateLines()).toBe(1)
  })
})
