import { expect, type Page, test } from '@playwright/test'
import { watchApiRequests } from './support/api-requests'
import { expectStoredView } from './support/device'
import { holdRequests } from './support/hold'
import { newestListings } from './support/stack'

/**
 * A first visit draws, turns and autoplays the Recommended slider and the listing gallery without Swiper
 * (~30 kB gzip and its start-up work); Swiper loads once the person reaches for the slider, and takes
 * over at the slide they were on.
 */
test.use({ serviceWorkers: 'block' })

/** Whether the page has fetched a Swiper chunk so far. */
function watchSwiper(page: Page): () => boolean {
  let fetched = false
  page.on('request', (request) => {
    if (/\/(recommended-swiper|listing-gallery-swiper)-[\w-]+\.js$/.test(request.url())) fetched = true
  })
  return () => fetched
}

test('Explore turns and autoplays its slider before Swiper loads, and Swiper takes over where it was', async ({
  page,
}) => {
  const newest = (await newestListings()).slice(0, 5)
  const swiperFetched = watchSwiper(page)
  await page.clock.install()
  await page.goto('/')
  await expect(page.getByRole('group', { name: '1 / 5' })).toContainText(newest[0]?.name ?? '')
  await page.waitForLoadState('networkidle')
  expect(swiperFetched()).toBe(false)

  // Autoplay's step, with nothing but the page's own clock: slide 2 comes into view.
  await page.clock.runFor(8000)
  await expect(page.getByRole('group', { name: '2 / 5' })).toBeInViewport()
  expect(swiperFetched()).toBe(false)

  // A tap on an arrow turns at once and brings Swiper in, which keeps the slide shown.
  await page.getByRole('button', { name: 'Next slide' }).click()
  await expect(page.getByRole('group', { name: '3 / 5' })).toBeInViewport()
  await expect.poll(swiperFetched).toBe(true)
  await expect(page.locator('.recommended-slider.swiper-initialized')).toBeVisible()
  await expect(page.getByRole('group', { name: '3 / 5' })).toBeInViewport()
  await expect(page.getByRole('button', { name: 'Go to slide 3' })).toHaveClass(
    /swiper-pagination-bullet-active/,
  )
})

test("a listing's gallery turns by its arrows before Swiper loads, and Swiper takes over at that photo", async ({
  page,
}) => {
  const swiperFetched = watchSwiper(page)
  await page.goto('/category/sale/5eed0000-0000-4000-8000-000000000002')
  const first = page.getByRole('group', { name: /^1 \/ \d+$/ })
  await expect(first).toBeVisible()
  const count = Number((await first.getAttribute('aria-label'))?.split(' / ')[1])
  expect(count).toBeGreaterThan(1)
  await page.waitForLoadState('networkidle')
  expect(swiperFetched()).toBe(false)

  // Like Swiper's gallery (no rewind), the track stops at its ends.
  await expect(page.getByRole('button', { name: 'Previous slide' })).toHaveAttribute('aria-disabled', 'true')
  await page.getByRole('button', { name: 'Next slide' }).click()
  await expect(page.getByRole('group', { name: `2 / ${count}` })).toBeInViewport()
  await expect.poll(swiperFetched).toBe(true)
  await expect(page.locator('.listing-gallery.swiper-initialized')).toBeVisible()
  await expect(page.getByRole('group', { name: `2 / ${count}` })).toBeInViewport()
})

/** Loads a Swiper chunk in the page as the app does, then lets a few frames pass: the app has had it by then. */
async function swiperChunkLoaded(page: Page, url: string): Promise<void> {
  await page.evaluate(async (src) => {
    await import(/* @vite-ignore */ src)
    for (let frame = 0; frame < 3; frame += 1) await new Promise(requestAnimationFrame)
  }, url)
}

test('a press on the slider as Swiper arrives still makes its click, and Swiper waits for the press to end', async ({
  page,
}) => {
  const chunk = /\/recommended-swiper-[\w-]+\.js$/
  const swiper = await holdRequests(page, chunk)
  const requested = page.waitForRequest(chunk)
  await page.goto('/')
  const pause = page.getByRole('button', { name: 'Pause slideshow' })
  await pause.hover()
  const chunkUrl = (await requested).url()

  // Swiper arrives while the button is held down: the slider must not change under the finger.
  await page.mouse.down()
  swiper.release()
  await swiperChunkLoaded(page, chunkUrl)
  await expect(page.locator('.recommended-slider.swiper-initialized')).toHaveCount(0)
  await page.mouse.up()

  await expect(page.getByRole('button', { name: 'Play slideshow' })).toBeVisible()
  await expect(page.locator('.recommended-slider.swiper-initialized')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Play slideshow' })).toBeVisible()
})

test('reaching the slider from the keyboard brings Swiper in without losing the focus', async ({ page }) => {
  const swiperFetched = watchSwiper(page)
  await page.goto('/')
  await expect(page.getByRole('group', { name: '1 / 5' })).toBeVisible()
  const pause = page.getByRole('button', { name: 'Pause slideshow' })
  await pause.focus()
  await expect.poll(swiperFetched).toBe(true)
  await expect(page.locator('.recommended-slider.swiper-initialized')).toBeVisible()
  await expect(pause).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('button', { name: 'Play slideshow' })).toBeFocused()
})

for (const [screen, path, photo] of [
  ['Explore', '/', (page: Page) => page.getByRole('group', { name: '1 / 5' }).locator('img')],
  ['Offers', '/offers', (page: Page) => page.locator('.listing-card img').first()],
] as const) {
  test(`a first visit to ${screen} opens the device database and installs the app for offline use only once its first screen's photo has loaded, and still keeps what it showed`, async ({
    page,
  }) => {
    await page.goto(path)
    await expect(photo(page)).toBeVisible()
    const photoUrl = await photo(page).getAttribute('src')
    await expect
      .poll(() => photo(page).evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
      .toBe(true)
    // The view the screen showed is kept for offline use, in IndexedDB.
    await expectStoredView(page, path === '/' ? 'recommended' : 'offers', 0)
    await expect
      .poll(() =>
        page.evaluate(() =>
          performance.getEntriesByType('resource').some((e) => /workbox-window/.test(e.name)),
        ),
      )
      .toBe(true)
    const timing = await page.evaluate((photoUrl) => {
      const entry = (test: (name: string) => boolean) =>
        performance.getEntriesByType('resource').find((e) => test(e.name)) as
          | PerformanceResourceTiming
          | undefined
      const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[]
      return {
        dexieAt: entry((name) => /\/local-db-(?!access-)[\w-]+\.js$/.test(name))?.startTime ?? -1,
        workboxAt: entry((name) => /\/workbox-window[\w.-]*\.js$/.test(name))?.startTime ?? -1,
        loadedAt: navigation?.loadEventStart ?? Number.NaN,
        photoArrivedAt: entry((name) => name === photoUrl)?.responseEnd ?? Number.NaN,
      }
    }, photoUrl)
    // Dexie's chunk, and registering the service worker (workbox-window) with its downloads, wait for the
    // load event and for the first screen's photo: on a slow network they would otherwise share its bandwidth.
    expect(timing.dexieAt).toBeGreaterThanOrEqual(timing.loadedAt)
    expect(timing.workboxAt).toBeGreaterThanOrEqual(timing.loadedAt)
    expect(timing.dexieAt).toBeGreaterThanOrEqual(timing.photoArrivedAt)
    expect(timing.workboxAt).toBeGreaterThanOrEqual(timing.photoArrivedAt)
  })
}

for (const path of ['/', '/offers', '/category/rent']) {
  test(`on ${path}, the first screen's data request goes to the API at once, with no CORS preflight before it`, async ({
    page,
  }) => {
    const sent = await watchApiRequests(page)
    await page.goto(path)
    await expect(page.locator('main:not([aria-hidden]) img').first()).toBeVisible()
    await page.waitForLoadState('networkidle')
    // The early GET was answered and used: the app asked for nothing more at the start.
    expect(sent).toEqual([{ method: 'GET', path: '/rest/v1/market_listings' }])
  })
}

test("arriving at /search, the first page's request does not wait for the screen's code", async ({
  page,
}) => {
  // The search screen's chunk is held back: its request can only start before it arrives if the route
  // asked for the page ahead, while the screen's code still loads.
  let chunkReleased = false
  await page.route(/\/assets\/search-[\w-]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500))
    chunkReleased = true
    await route.continue()
  })
  const firstPageRequests: boolean[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (
      request.method() === 'GET' &&
      url.pathname === '/rest/v1/rpc/search_homes' &&
      (url.searchParams.get('search') ?? '').includes('"type":"rent"')
    )
      firstPageRequests.push(chunkReleased)
  })
  await page.goto('/search?type=rent')
  await expect(page.getByRole('heading', { level: 2, name: /^[\d,]+ homes?$/ })).toBeVisible()
  await page.waitForLoadState('networkidle')
  // One request, made while the chunk was held back: the screen took that answer and asked no second time.
  expect(firstPageRequests).toEqual([false])
})

/** Holds React and the router back, so that only index.html and its inline script can draw; returns the release. */
async function holdFramework(page: Page): Promise<() => void> {
  return (await holdRequests(page, /\/assets\/framework-[\w-]+\.js$/)).release
}

/** Whether an image has arrived and decoded. */
const loaded = (image: HTMLImageElement) => image.complete && image.naturalWidth > 0

/** Each card's box, its cover's box and its text, in the order drawn: `frame` in index.html's, else the app's. */
function cardsIn(page: Page, frame: boolean) {
  return page.evaluate((frame) => {
    const main = document.querySelector(frame ? 'main[aria-hidden="true"]' : 'main:not([aria-hidden])')
    const box = (element: Element | null) => {
      const { x, y, width, height } = element?.getBoundingClientRect() ?? new DOMRect()
      return [x, y, width, height].map(Math.round)
    }
    return [...(main?.querySelectorAll('.listing-card') ?? [])].map((card) => ({
      card: box(card),
      cover: box(card.querySelector('img')),
      coverUrl: card.querySelector('img')?.getAttribute('src'),
      // The first cards' covers are the screen's largest paint: asked for first, by both drawings.
      coverPriority: card.querySelector('img')?.getAttribute('fetchpriority'),
      text: (card.querySelector('.listing-card__link') as HTMLElement | null)?.innerText,
    }))
  }, frame)
}

for (const [screen, path, filter] of [
  ['Offers', '/offers', { offer: true }],
  ['Places for Rent', '/category/rent', { type: 'rent' }],
  ['Places for Sale', '/category/sale', { type: 'sale' }],
] as const) {
  test(`${screen} draws its first cards, photos and all, before the app's scripts have arrived, where the app then draws them`, async ({
    page,
  }) => {
    const newest = (await newestListings(filter)).slice(0, 2)
    const release = await holdFramework(page)
    await page.goto(path, { waitUntil: 'commit' })

    const frame = page.locator('main[aria-hidden="true"]')
    await expect(frame.locator('.listing-card')).toHaveCount(2)
    await expect(frame.locator('h1')).toHaveText(screen)
    await expect(frame.locator('.listing-card__name')).toHaveText(newest.map((listing) => listing.name))
    for (const cover of await frame.locator('.listing-card img').all())
      await expect.poll(() => cover.evaluate(loaded)).toBe(true)
    // A picture, not controls: nothing in the frame takes focus or a tap's navigation.
    await expect(frame.locator('a, button, [tabindex]')).toHaveCount(0)
    const early = await cardsIn(page, true)
    expect(early.map((card) => card.coverPriority)).toEqual(['high', 'high'])

    release()
    const list = page.getByRole('main').getByRole('listitem')
    await expect(list.first()).toBeVisible()
    await expect(frame).toHaveCount(0)
    // The app's first cards are the same, in the same place and size: nothing jumps when it takes over.
    expect((await cardsIn(page, false)).slice(0, 2)).toEqual(early)
  })
}

test("Explore draws its first Recommended slide, photo, name and price, before the app's scripts have arrived, where the app then draws it", async ({
  page,
}) => {
  const [newest] = await newestListings()
  const release = await holdFramework(page)
  await page.goto('/', { waitUntil: 'commit' })

  const slide = page.locator('main[aria-hidden="true"] .recommended-slide')
  await expect(slide.locator('.recommended-slide__name')).toHaveText(newest?.name ?? '')
  await expect.poll(() => slide.locator('img').evaluate(loaded)).toBe(true)
  const shown = async (locator: typeof slide) => ({
    box: await locator.locator('img').boundingBox(),
    src: await locator.locator('img').getAttribute('src'),
    priority: await locator.locator('img').getAttribute('fetchpriority'),
    caption: await locator.locator('.recommended-slide__caption').innerText(),
  })
  const early = await shown(slide)
  expect(early.priority).toBe('high')

  release()
  const first = page.getByRole('group', { name: '1 / 5' }).locator('.recommended-slide')
  await expect(first).toBeVisible()
  await expect(page.locator('main[aria-hidden="true"]')).toHaveCount(0)
  expect(await shown(first)).toEqual(early)
})

test("a search with nothing set draws its controls, count and first results before the app's scripts have arrived, where the app then draws them", async ({
  page,
}) => {
  const every = await newestListings()
  const release = await holdFramework(page)
  await page.goto('/search', { waitUntil: 'commit' })

  const frame = page.locator('main[aria-hidden="true"]')
  await expect(frame.locator('.listing-card')).toHaveCount(2)
  await expect(frame.locator('h1')).toHaveText('Search')
  const homes = `${every.length.toLocaleString('en-GB')} homes`
  await expect(frame.locator('h2')).toHaveText(homes)
  await expect(frame.locator('.listing-card__name')).toHaveText(
    every.slice(0, 2).map((listing) => listing.name),
  )
  for (const cover of await frame.locator('.listing-card img').all())
    await expect.poll(() => cover.evaluate(loaded)).toBe(true)
  // A picture of the controls: the page is inert, so none of them takes focus or a tap.
  await page.keyboard.press('Tab')
  expect(await page.evaluate(() => document.activeElement?.closest('main'))).toBeNull()
  const controls = async (frame: boolean) => {
    const main = page.locator(frame ? 'main[aria-hidden="true"]' : 'main:not([aria-hidden])')
    return {
      form: await main.locator('form.search-controls').boundingBox(),
      switch: await main.locator('.search-view').boundingBox(),
      count: await main.locator('h2.section-title').boundingBox(),
      text: await main.locator('.page').innerText(),
    }
  }
  const early = { controls: await controls(true), cards: await cardsIn(page, true) }

  release()
  await expect(page.getByRole('heading', { level: 2, name: homes })).toBeVisible()
  await expect(frame).toHaveCount(0)
  // The same controls, count and cards, in the same place and size: nothing jumps when the app takes over.
  const app = await controls(false)
  expect({ ...app, text: app.text.slice(0, early.controls.text.length) }).toEqual(early.controls)
  expect((await cardsIn(page, false)).slice(0, 2)).toEqual(early.cards)
})

test('on a wide screen, where every filter shows, a search leaves its frame to the app', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  const release = await holdFramework(page)
  await page.goto('/search', { waitUntil: 'commit' })
  // The answer is in, and the inline script preloads its first card's photo where it would have drawn it.
  await expect(page.locator('link[rel="preload"][as="image"]')).toHaveCount(1)
  // The frame draws none of it: the app's controls would be taller than its picture.
  await expect(page.locator('main[aria-hidden="true"] .listing-card')).toHaveCount(0)
  release()
  await expect(page.getByRole('main').getByRole('listitem').first()).toBeVisible()
})

test("a listing page draws its first photo before the app's scripts have arrived, where the app's gallery then shows it", async ({
  page,
}) => {
  const [newest] = await newestListings()
  const release = await holdFramework(page)
  await page.goto(`/category/${newest?.type}/${newest?.id}`, { waitUntil: 'commit' })

  const photo = page.locator('main[aria-hidden="true"] .listing-gallery img')
  await expect.poll(() => photo.evaluate(loaded)).toBe(true)
  const shown = async (image: typeof photo) => ({
    box: await image.boundingBox(),
    src: await image.getAttribute('src'),
    priority: await image.getAttribute('fetchpriority'),
  })
  const early = await shown(photo)
  expect(early.priority).toBe('high')

  release()
  const first = page.getByRole('group', { name: /^1 \/ \d+$/ }).locator('img')
  await expect(first).toBeVisible()
  await expect(page.locator('main[aria-hidden="true"]')).toHaveCount(0)
  expect(await shown(first)).toEqual(early)
})

test('when the first answer is slow to come, the app still opens after a moment, and shows the list once it comes', async ({
  page,
}) => {
  const offers = await holdRequests(page, /\/rest\/v1\/market_listings\?.*offer=eq\.true/)
  await page.goto('/offers')
  // The app's own tabs (the frame's are hidden and empty): it did not wait for the answer to mount.
  const tabs = page.getByRole('navigation', { name: 'Main' })
  await expect(tabs.getByRole('link', { name: 'Explore' })).toBeVisible()
  await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(0)
  offers.release()
  await expect(page.getByRole('main').getByRole('listitem').first()).toBeVisible()
})

/** When the page's own scripts (/assets/*.js) were first asked for, and when its first photo was painted. */
function codeAfterPhoto(page: Page) {
  return page.evaluate(async () => {
    // The first largest paint that is a listing's photo: the one index.html's frame drew.
    const photo = await new Promise<(PerformanceEntry & { url?: string }) | undefined>((resolve) => {
      new PerformanceObserver((list) =>
        resolve(
          (list.getEntries() as (PerformanceEntry & { url?: string })[]).find((entry) =>
            entry.url?.includes('/listing-images/'),
          ),
        ),
      ).observe({ type: 'largest-contentful-paint', buffered: true })
      setTimeout(() => resolve(undefined), 1000)
    })
    const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((e) =>
      /\/assets\/[\w.-]+\.js$/.test(new URL(e.name).pathname),
    )
    return {
      photo: photo?.url ?? '',
      photoPaintedAt: photo?.startTime ?? Number.NaN,
      firstScriptAt: Math.min(...scripts.map((e) => e.startTime)),
      entryAt: scripts.find((e) => /\/assets\/index-[\w-]+\.js$/.test(e.name))?.startTime ?? Number.NaN,
      clientAt: scripts.find((e) => /\/assets\/postgrest-[\w-]+\.js$/.test(e.name))?.startTime ?? Number.NaN,
      domInteractive: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming)
        .domInteractive,
    }
  })
}

for (const [screen, path] of [
  ['Explore', '/'],
  ['Offers', '/offers'],
  ['Places for Rent', '/category/rent'],
  ['a search with nothing set', '/search'],
  ['a listing page', 'listing'],
] as const) {
  test(`on ${screen}, the app's code is asked for only once the first photo has been painted, and the app then takes over`, async ({
    page,
  }) => {
    const [newest] = await newestListings()
    await page.goto(path === 'listing' ? `/category/${newest?.type}/${newest?.id}` : path)
    await expect(page.locator('main:not([aria-hidden]) img').first()).toBeVisible()
    await expect(page.locator('main[aria-hidden="true"]')).toHaveCount(0)
    const timing = await codeAfterPhoto(page)
    // The first screen's largest paint is a listing's photo, drawn from the early answer, and no script of the
    // app was asked for before it: on a slow network the data and the photo have the connection to themselves.
    expect(timing.photo).toContain('/listing-images/')
    expect(timing.firstScriptAt).toBeGreaterThanOrEqual(timing.photoPaintedAt)
  })
}

test("where there is no photo to wait for, the app's code is asked for at once, while the HTML is read", async ({
  page,
}) => {
  await page.goto('/search?type=rent')
  await expect(page.getByRole('heading', { level: 2, name: /^[\d,]+ homes?$/ })).toBeVisible()
  const timing = await codeAfterPhoto(page)
  expect(timing.entryAt).toBeLessThanOrEqual(timing.domInteractive)
  // Its first page is the app's own read: PostgREST's client comes with the app's code, not after it runs.
  expect(timing.clientAt).toBeLessThanOrEqual(timing.domInteractive)
})

test("when the first photo is slow to come, the app's code goes without it, and the photo shows once it comes", async ({
  page,
}) => {
  const photos = await holdRequests(page, /\/storage\/v1\/(render\/image|object)\/public\/listing-images\//)
  // Not until the load event: the photos the inline script draws before it would hold it back too.
  await page.goto('/offers', { waitUntil: 'commit' })
  // The app's own list and tabs, while every photo is still held back.
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Explore' }),
  ).toBeVisible()
  await expect(page.getByRole('main').getByRole('listitem').first()).toBeVisible()
  expect(photos.count()).toBeGreaterThan(0)
  photos.release()
  await expect
    .poll(() => page.getByRole('main').locator('.listing-card img').first().evaluate(loaded))
    .toBe(true)
})
