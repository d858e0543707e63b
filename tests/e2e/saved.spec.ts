import AxeBuilder from '@axe-core/playwright'
import { expect, test } from '@playwright/test'
import { buildImageUrl, LISTING_IMAGE } from '../../src/lib/image-url'
import { listingCard } from './support/cards'
import { cachedUrls, imageLoaded, waitForServiceWorker } from './support/service-worker'
import { API_URL, apiClient, DEMO_PASSWORD, newestListings, signInAs } from './support/stack'

async function savedIdsOnServer(email: string): Promise<string[]> {
  const client = apiClient()
  const { error } = await client.auth.signInWithPassword({ email, password: DEMO_PASSWORD })
  if (error) throw error
  const { data, error: readError } = await client.from('saved_listings').select('listing_id')
  if (readError) throw readError
  return data.map((row) => row.listing_id as string)
}

/** Whether a demo account has saved these homes is left over from earlier runs on the same stack: start from none. */
async function unsaveOnServer(email: string, listingIds: string[]): Promise<void> {
  const client = apiClient()
  const { error } = await client.auth.signInWithPassword({ email, password: DEMO_PASSWORD })
  if (error) throw error
  const { error: deleteError } = await client.from('saved_listings').delete().in('listing_id', listingIds)
  if (deleteError) throw deleteError
}

test.describe('saved homes', () => {
  test('Saved is a tab; with nothing saved it says so', async ({ page }) => {
    await page.goto('/')
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Saved' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Saved homes' })).toBeVisible()
    await expect(page.getByText('No saved homes yet', { exact: true })).toBeVisible()
  })

  test('a visitor saves a home from its page; offline, Saved still shows it with its photo', async ({
    page,
    context,
  }) => {
    const [listing] = await newestListings({ type: 'sale' })
    if (!listing) throw new Error('the seed has no listing for sale')
    await page.goto('/')
    await waitForServiceWorker(page)
    await page.goto(`/category/${listing.type}/${listing.id}`)
    const save = page.getByRole('button', { name: `Save ${listing.name}` })
    await expect(save).toHaveAttribute('aria-pressed', 'false')
    await save.click()
    const remove = page.getByRole('button', { name: `Remove ${listing.name} from saved` })
    await expect(remove).toHaveAttribute('aria-pressed', 'true')
    // Saving fetches the home's photos in the background for the service worker to keep: going offline before the
    // card's cover has arrived would lose it, as it would for a person whose signal drops that moment. The cover at
    // a card's size, as this build (with the stack's image transforms) shows it:
    const { data: stored, error } = await apiClient()
      .from('listings')
      .select('image_urls')
      .eq('id', listing.id)
      .single()
    if (error) throw error
    const [first] = stored.image_urls as string[]
    const cover = buildImageUrl(first ?? '', LISTING_IMAGE.card, { enabled: true, supabaseUrl: API_URL })
    await expect.poll(async () => cachedUrls(page, 'listing-images')).toContain(cover)

    await context.setOffline(true)
    await page.goto('/saved')
    await expect(page.getByRole('heading', { level: 1, name: 'Saved homes' })).toBeVisible()
    const card = listingCard(page, listing)
    await expect(card).toBeVisible()
    await expect(card.locator('img')).toHaveAttribute('src', cover)
    expect(await imageLoaded(card.locator('img'))).toBe(true)
    await card.getByRole('link').click()
    await expect(page.getByRole('heading', { level: 1, name: listing.name })).toBeVisible()

    // Unsaving offline works too, and the Saved screen follows.
    await page.getByRole('button', { name: `Remove ${listing.name} from saved` }).click()
    // The heart follows the device's store, so once it is empty the removal is written (leaving sooner could
    // close the page before its write ends, as saving waits for its own heart above).
    await expect(page.getByRole('button', { name: `Save ${listing.name}` })).toHaveAttribute(
      'aria-pressed',
      'false',
    )
    await page.goto('/saved')
    await expect(page.getByText('No saved homes yet', { exact: true })).toBeVisible()
  })

  test('a list card has the heart too, and saving there shows on the Saved screen', async ({ page }) => {
    const [listing] = await newestListings({ type: 'rent' })
    if (!listing) throw new Error('the seed has no listing for rent')
    await page.goto('/category/rent')
    await listingCard(page, listing)
      .getByRole('button', { name: `Save ${listing.name}` })
      .click()
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Saved' }).click()
    await expect(listingCard(page, listing)).toBeVisible()
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze()
    expect(results.violations.map((v) => `/saved: ${v.id} (${v.nodes.length})`)).toEqual([])
  })

  test("a visitor's saves join the account's on sign-in, and later saves and unsaves reach the server", async ({
    page,
  }) => {
    const email = 'chloe@example.com'
    const listings = await newestListings()
    const [onDevice, onServer, later] = listings
    if (!onDevice || !onServer || !later) throw new Error('the seed needs 3 listings')
    await unsaveOnServer(email, [onDevice.id, onServer.id, later.id])
    // Chloe saved one home elsewhere.
    const chloe = apiClient()
    await chloe.auth.signInWithPassword({ email, password: DEMO_PASSWORD })
    const { error } = await chloe.from('saved_listings').insert({ listing_id: onServer.id })
    if (error) throw error

    // As a visitor on this device, another.
    await page.goto(`/category/${onDevice.type}/${onDevice.id}`)
    await page.getByRole('button', { name: `Save ${onDevice.name}` }).click()
    await expect(page.getByRole('button', { name: `Remove ${onDevice.name} from saved` })).toBeVisible()

    await signInAs(page, email)
    await page.goto('/saved')
    await expect(listingCard(page, onServer)).toBeVisible()
    await expect(listingCard(page, onDevice)).toBeVisible()
    await expect
      .poll(() => savedIdsOnServer(email))
      .toEqual(expect.arrayContaining([onDevice.id, onServer.id]))

    await page.goto(`/category/${later.type}/${later.id}`)
    await page.getByRole('button', { name: `Save ${later.name}` }).click()
    await expect.poll(() => savedIdsOnServer(email)).toContain(later.id)
    await page.getByRole('button', { name: `Remove ${later.name} from saved` }).click()
    await expect.poll(() => savedIdsOnServer(email)).not.toContain(later.id)
  })

  test('a save made offline by a signed-in user reaches the server once back online', async ({
    page,
    context,
  }) => {
    const email = 'ben@example.com'
    const [listing] = await newestListings({ type: 'sale' })
    if (!listing) throw new Error('the seed has no listing for sale')
    await unsaveOnServer(email, [listing.id])
    await signInAs(page, email)
    await page.goto('/')
    await waitForServiceWorker(page)
    await page.goto(`/category/${listing.type}/${listing.id}`)
    await expect(page.getByRole('heading', { level: 1, name: listing.name })).toBeVisible()

    await context.setOffline(true)
    await page.getByRole('button', { name: `Save ${listing.name}` }).click()
    await expect(page.getByRole('button', { name: `Remove ${listing.name} from saved` })).toBeVisible()
    await page.waitForTimeout(500)
    expect(await savedIdsOnServer(email)).not.toContain(listing.id)

    await context.setOffline(false)
    await expect.poll(() => savedIdsOnServer(email)).toContain(listing.id)
  })
  test('a save whose answer was lost on the way back is sent again, and the server takes it without an error', async ({
    page,
    context,
  }) => {
    const email = 'alice@example.com'
    const [listing] = await newestListings({ type: 'rent' })
    if (!listing) throw new Error('the seed has no listing for rent')
    await unsaveOnServer(email, [listing.id])
    await signInAs(page, email)
    await page.goto(`/category/${listing.type}/${listing.id}`)
    await expect(page.getByRole('heading', { level: 1, name: listing.name })).toBeVisible()
    const answers: number[] = []
    page.on('response', (response) => {
      if (response.request().method() === 'POST' && response.url().includes('/rest/v1/saved_listings'))
        answers.push(response.status())
    })
    // The first save reaches the server, which stores it; its answer never comes back.
    let lost = false
    await page.route('**/rest/v1/saved_listings*', async (route) => {
      if (route.request().method() !== 'POST' || lost) return route.fallback()
      lost = true
      await route.fetch()
      await route.abort('failed')
    })

    await page.getByRole('button', { name: `Save ${listing.name}` }).click()
    await expect(page.getByRole('button', { name: `Remove ${listing.name} from saved` })).toBeVisible()
    await expect.poll(() => lost).toBe(true)
    expect(await savedIdsOnServer(email)).toContain(listing.id)

    // Back online, the device sends the save it never heard back about; the server already has it.
    await context.setOffline(true)
    await context.setOffline(false)
    await expect.poll(() => answers).toEqual([201])
    expect((await savedIdsOnServer(email)).filter((id) => id === listing.id)).toHaveLength(1)
    await page.reload()
    await expect(page.getByRole('button', { name: `Remove ${listing.name} from saved` })).toBeVisible()
    await page.waitForLoadState('networkidle')
    expect(answers).toEqual([201])
  })
})
