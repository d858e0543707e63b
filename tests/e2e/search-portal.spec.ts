import AxeBuilder from '@axe-core/playwright'
import { expect, type Page, test } from '@playwright/test'
import { decodePolyline, encodeArea } from '../../src/utils/area'
import { ONLINE_ONLY } from './support/service-worker'

// Searching as on a portal (#50), on a phone: a place picked from suggestions, a radius, keywords, an area drawn
// on the map, typed text read as a place or keywords, a link's unusable fields left out and said; and the
// controls in one row (#49).

test.use(ONLINE_ONLY)

const HACKNEY = 2647694
const YORK = 2633352

const placeField = (page: Page) => page.getByRole('combobox', { name: 'Search by place or keyword' })
const places = (page: Page) => page.getByRole('listbox', { name: 'Places' })
const countHeading = (page: Page) => page.getByRole('heading', { level: 2, name: /^[\d,]+\+? homes?$/ })
const status = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text })
const searchOf = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams)
const filtersSheet = (page: Page) => page.getByRole('dialog', { name: 'Filters' })

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze()
  expect(results.violations.map((v) => `${v.id} (${v.nodes.length})`)).toEqual([])
}

async function openFilters(page: Page) {
  await page.getByRole('button', { name: /^Filters/ }).click()
  await expect(filtersSheet(page)).toBeVisible()
}

test.describe('a place picked from suggestions', () => {
  test('suggests places from the second letter, picks with the arrow keys and Enter, closes on Escape', async ({
    page,
  }) => {
    await page.goto('/search')
    await expect(countHeading(page)).toBeVisible()
    const field = placeField(page)
    await field.fill('H')
    await expect(places(page)).toBeHidden()
    await expect(field).toHaveAttribute('aria-expanded', 'false')

    await field.fill('Hackn')
    await expect(places(page).getByRole('option')).toHaveText(['Hackney, London'])
    await expect(field).toHaveAttribute('aria-expanded', 'true')
    await expectNoAxeViolations(page)
    await field.press('ArrowDown')
    const option = places(page).getByRole('option', { name: 'Hackney, London' })
    await expect(option).toHaveAttribute('aria-selected', 'true')
    await expect(field).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id')) ?? '')
    await field.press('Enter')
    await expect(page).toHaveURL(new RegExp(`/search\\?place=${HACKNEY}$`))
    await expect(field).toHaveValue('Hackney, London')
    await expect(places(page)).toBeHidden()

    // Most populous first; Escape closes the suggestions and keeps the text.
    await field.fill('new')
    await expect(places(page).getByRole('option').first()).toHaveText('Newport, Wales')
    await field.press('Escape')
    await expect(places(page)).toBeHidden()
    await expect(field).toHaveValue('new')
    await expect(page).toHaveURL(new RegExp(`place=${HACKNEY}$`))
  })

  test('a tap on a suggestion searches that place, from Explore too', async ({ page }) => {
    await page.goto('/')
    await placeField(page).fill('york')
    await places(page).getByRole('option', { name: 'York, England' }).click()
    await expect(page).toHaveURL(new RegExp(`/search\\?place=${YORK}$`))
    await expect(placeField(page)).toHaveValue('York, England')
    await expect(countHeading(page)).toBeVisible()
  })
})

test.describe('typed before the suggestions came', () => {
  test('what was typed into the first screen’s field gets its suggestions once they arrive', async ({
    page,
  }) => {
    // The suggestions' code is held back until the text is typed, as on a slow phone or network.
    let typed: () => void = () => {}
    const typedYet = new Promise<void>((resolve) => {
      typed = resolve
    })
    await page.route(/\/assets\/place-field-[^/]+\.js$/, async (route) => {
      await typedYet
      await route.continue()
    })
    await page.goto('/')
    const field = placeField(page)
    await field.fill('york')
    await expect(field).not.toHaveAttribute('aria-controls')
    typed()
    await expect(places(page).getByRole('option', { name: 'York, England' })).toBeVisible()
    await expect(field).toHaveValue('york')
    await expect(field).toBeFocused()
  })
})

test.describe('within a radius, and keywords', () => {
  test('`Within` shows once a place is picked and writes the radius', async ({ page }) => {
    await page.goto('/search')
    await openFilters(page)
    await expect(filtersSheet(page).getByRole('combobox', { name: 'Within' })).toHaveCount(0)
    await page.keyboard.press('Escape')

    await page.goto(`/search?place=${HACKNEY}`)
    await expect(placeField(page)).toHaveValue('Hackney, London')
    await openFilters(page)
    const within = filtersSheet(page).getByRole('combobox', { name: 'Within' })
    await expect(within.getByRole('option')).toHaveText([
      'This area only',
      '¼ mile',
      '½ mile',
      '1 mile',
      '3 miles',
      '5 miles',
      '10 miles',
      '15 miles',
      '20 miles',
      '30 miles',
      '40 miles',
    ])
    await within.selectOption({ label: '1 mile' })
    await expect(page).toHaveURL(new RegExp(`place=${HACKNEY}&radius=1$`))
    await within.selectOption({ label: '¼ mile' })
    await expect(page).toHaveURL(/radius=0\.25$/)
    await within.selectOption({ label: 'This area only' })
    await expect(page).toHaveURL(new RegExp(`place=${HACKNEY}$`))
  })

  test('Keywords is its own filter, counted on the Filters button', async ({ page }) => {
    await page.goto('/search')
    await openFilters(page)
    const keywords = filtersSheet(page).getByRole('textbox', { name: 'Keywords' })
    await keywords.fill('garden loft')
    await keywords.press('Enter')
    await expect(filtersSheet(page)).toBeHidden()
    expect(searchOf(page)).toEqual({ keywords: 'garden loft' })
    await expect(page.getByRole('button', { name: 'Filters, 1 set' })).toBeVisible()
    await expect(countHeading(page)).toBeVisible()
  })
})

test.describe('nothing typed is lost', () => {
  test('text searched without a pick becomes the one place it names, else keywords, and the screen says which', async ({
    page,
  }) => {
    await page.goto('/search')
    await expect(countHeading(page)).toBeVisible()
    await placeField(page).fill('york')
    await placeField(page).press('Enter')
    await expect(page).toHaveURL(new RegExp(`/search\\?place=${YORK}$`))
    await expect(status(page, 'Showing homes in York')).toBeVisible()
    await expect(placeField(page)).toHaveValue('York, England')

    // Several places are called Newport: the text is searched as keywords.
    await placeField(page).fill('Newport')
    await placeField(page).press('Enter')
    await expect(page).toHaveURL(/\/search\?keywords=Newport$/)
    await expect(status(page, 'Showing homes with "Newport" in their description')).toBeVisible()
    await expect(placeField(page)).toHaveValue('Newport')
    await expect(countHeading(page)).toBeVisible()
  })

  test('an old link with q= opens by the same rule, replacing its URL', async ({ page }) => {
    await page.goto('/offers')
    await page.goto('/search?q=York&type=rent')
    await expect(page).toHaveURL(new RegExp(`/search\\?place=${YORK}&type=rent$`))
    await expect(status(page, 'Showing homes in York')).toBeVisible()
    await expect(countHeading(page)).toBeVisible()
    await page.goto('/search?q=york%20garden')
    await expect(page).toHaveURL(/\/search\?keywords=york\+garden$/)
    await expect(status(page, 'Showing homes with "york garden" in their description')).toBeVisible()
    await expectNoAxeViolations(page)
    // The link was replaced, not added to: Back leaves the search.
    await page.goBack()
    await expect(page).toHaveURL(new RegExp(`/search\\?place=${YORK}&type=rent$`))
  })
})

test.describe('a link with fields the search cannot use', () => {
  test('is read without them, and the screen says what was left out', async ({ page }) => {
    const tooMany = encodeArea(
      Array.from({ length: 51 }, (_, i) => ({
        lat: 51.5 + 0.05 * Math.sin((2 * Math.PI * i) / 51),
        lng: -0.1 + 0.05 * Math.cos((2 * Math.PI * i) / 51),
      })),
    )
    await page.goto(
      `/search?${new URLSearchParams({ radius: '2', keywords: 'k'.repeat(101), area: tooMany, type: 'rent' })}`,
    )
    await expect(page).toHaveURL(/\/search\?type=rent$/)
    await expect(
      status(
        page,
        'This link’s the distance (Within offers ¼ mile to 40 miles, around a place), the keywords (longer than 100 characters) and the drawn area (it has more than 50 points) could not be used, so the search leaves them out.',
      ),
    ).toBeVisible()
    await expect(countHeading(page)).toBeVisible()

    await page.goto('/search?place=999999999&radius=1')
    await expect(page).toHaveURL(/\/search$/)
    await expect(status(page, 'the place (Roost knows no place by that id)')).toBeVisible()

    await page.goto('/search?area=not%20a%20polyline&minBeds=2')
    await expect(page).toHaveURL(/\/search\?minBeds=2$/)
    await expect(status(page, 'the drawn area (it could not be read)')).toBeVisible()
    await expectNoAxeViolations(page)
  })
})

/** A finger's stroke across the map's frame, through `points` given as fractions of its width and height. */
async function drawStroke(page: Page, points: [number, number][]) {
  const frame = await page.locator('.search-map__drawing').boundingBox()
  if (!frame) throw new Error('no drawing surface')
  const at = ([x, y]: [number, number]) => [frame.x + x * frame.width, frame.y + y * frame.height] as const
  const [first, ...rest] = points.map(at)
  if (!first) return
  await page.mouse.move(...first)
  await page.mouse.down()
  for (const point of rest) await page.mouse.move(...point, { steps: 3 })
  await page.mouse.up()
}

const circle = (n: number): [number, number][] =>
  Array.from({ length: n + 1 }, (_, i) => [
    0.5 + 0.3 * Math.cos((2 * Math.PI * i) / n),
    0.5 + 0.3 * Math.sin((2 * Math.PI * i) / n),
  ])

test.describe('an area drawn on the map', () => {
  test('a drawn shape becomes the URL’s area, at most 50 points; one that crosses itself is refused', async ({
    page,
  }) => {
    test.slow()
    await page.goto('/search?type=rent&view=map')
    const draw = page.getByRole('button', { name: 'Draw an area' })
    await expect(draw).toBeVisible({ timeout: 30_000 })

    // A figure of eight crosses itself.
    await draw.click()
    await drawStroke(page, [
      [0.2, 0.2],
      [0.8, 0.8],
      [0.8, 0.2],
      [0.2, 0.8],
      [0.2, 0.25],
    ])
    await expect(status(page, 'Draw an area that does not cross itself')).toBeVisible()
    expect(searchOf(page).area).toBeUndefined()
    await expectNoAxeViolations(page)

    // Drawn again, round: a long stroke, simplified.
    await drawStroke(page, circle(120))
    await expect(page).toHaveURL(/[?&]area=/)
    const area = decodePolyline(searchOf(page).area ?? '')
    expect(area?.length).toBeGreaterThanOrEqual(3)
    expect(area?.length).toBeLessThanOrEqual(50)
    expect(searchOf(page)).toMatchObject({ type: 'rent', view: 'map' })
    await expect(page.getByRole('button', { name: 'Draw an area' })).toBeVisible({ timeout: 30_000 })

    // A reload keeps it; Clear area takes it away.
    await page.reload()
    const clear = page.getByRole('button', { name: 'Clear area' })
    await expect(clear).toBeVisible({ timeout: 30_000 })
    await clear.click()
    await expect(page).toHaveURL(/\/search\?type=rent&view=map$/)
  })

  test('Cancel leaves drawing without changing the search', async ({ page }) => {
    await page.goto('/search?view=map')
    await page.getByRole('button', { name: 'Draw an area' }).click({ timeout: 30_000 })
    await expect(status(page, 'Draw around the area with your finger')).toBeVisible()
    await page.getByRole('button', { name: 'Cancel' }).click()
    await expect(page.locator('.search-map__drawing')).toHaveCount(0)
    await expect(page).toHaveURL(/\/search\?view=map$/)
  })
})

test.describe('the search screen on a phone', () => {
  test('has its controls in one compact row and two result cards above the fold', async ({ page }) => {
    await page.goto('/search')
    await expect(countHeading(page)).toBeVisible()
    const cards = page.getByRole('main').getByRole('listitem')
    await expect(cards.nth(1)).toBeVisible()
    const boxes = await Promise.all(
      [
        placeField(page),
        page.getByRole('button', { name: /^Filters/ }),
        page.getByRole('combobox', { name: 'Sort by' }),
        page.getByRole('button', { name: 'Map', exact: true }),
      ].map(async (control) => {
        const box = await control.boundingBox()
        if (!box) throw new Error('a control is not shown')
        return box
      }),
    )
    const width = page.viewportSize()?.width ?? 390
    for (const box of boxes) {
      expect(box.height).toBeLessThanOrEqual(48)
      expect(box.x).toBeGreaterThanOrEqual(0)
      expect(box.x + box.width).toBeLessThanOrEqual(width)
      // One row: every control spans the same line as the place field.
      expect(
        Math.abs(box.y + box.height / 2 - ((boxes[0]?.y ?? 0) + (boxes[0]?.height ?? 0) / 2)),
      ).toBeLessThan(4)
    }
    // In that order, side by side, none over another.
    for (let i = 1; i < boxes.length; i++)
      expect(boxes[i]?.x ?? 0).toBeGreaterThanOrEqual((boxes[i - 1]?.x ?? 0) + (boxes[i - 1]?.width ?? 0))
    expect(boxes[0]?.width ?? 0, 'the place field keeps room to type').toBeGreaterThanOrEqual(120)

    const nav = await page.getByRole('navigation').last().boundingBox()
    const fold = Math.min(844, nav?.y ?? 844)
    for (const index of [0, 1]) {
      const name = await cards.nth(index).getByRole('heading').boundingBox()
      expect(
        (name?.y ?? 844) + (name?.height ?? 0),
        `card ${index + 1}'s name is above the fold`,
      ).toBeLessThanOrEqual(fold)
    }
    await expectNoAxeViolations(page)
  })
})
