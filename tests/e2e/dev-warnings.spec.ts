import { expect, type Page, test } from '@playwright/test'
import { E2E_API_URL, E2E_DEV_URL, E2E_PORTS } from '@roost/local-supabase/cli/e2e-ports'
import { PROJECT_DIR } from '@roost/local-supabase/config'
import { createServer, type ViteDevServer } from 'vite'
import { DEMO_PASSWORD, fillSignIn, restGet, userIdOf } from './support/accounts'

/**
 * React reports in development what production keeps quiet: duplicate keys, props the DOM does not know,
 * state set on an unmounted component, a hook's rules broken. Each is a bug, so the screens are walked on
 * Vite's dev server, against the e2e stack, and any error or warning in the console fails the walk.
 */
let server: ViteDevServer | undefined

test.use({ baseURL: E2E_DEV_URL, serviceWorkers: 'block' })

test.beforeAll(async () => {
  // The app's configuration is read from the environment as the server starts (vite-app-env.ts).
  const configured = process.env.VITE_SUPABASE_URL
  process.env.VITE_SUPABASE_URL = E2E_API_URL
  try {
    server = await createServer({
      root: PROJECT_DIR,
      configFile: `${PROJECT_DIR}/vite.config.ts`,
      logLevel: 'error',
      server: { host: '127.0.0.1', port: E2E_PORTS.devPort, strictPort: true },
    })
  } finally {
    if (configured === undefined) delete process.env.VITE_SUPABASE_URL
    else process.env.VITE_SUPABASE_URL = configured
  }
  await server.listen()
})

test.afterAll(async () => {
  await server?.close()
})

/** Chromium's own notes on its software WebGL (a map drawn without a GPU): the machine's, not the app's. */
const GPU_DRIVER_NOTE = /^\[\.WebGL-\w+\]GL Driver Message/

/** Every console error or warning, and every uncaught error, from here on. */
function watchConsole(page: Page): string[] {
  const reports: string[] = []
  page.on('console', (message) => {
    if ((message.type() === 'error' || message.type() === 'warning') && !GPU_DRIVER_NOTE.test(message.text()))
      reports.push(`${new URL(page.url()).pathname}: ${message.text().split('\n')[0]}`)
  })
  page.on('pageerror', (error) => reports.push(`${new URL(page.url()).pathname}: uncaught ${error.message}`))
  return reports
}

/** A demo landlord (README's demo accounts). */
const BEN = 'ben@example.com'

type Row = { id: string; type: string; name: string; user_ref: string }

test('the screens render in development without a warning from React or anything else', async ({ page }) => {
  // Vite compiles each module on its first request: from a fresh clone, on a busy machine whose files the kernel
  // has paged out, the walk took over two minutes (under a minute on a quiet one).
  test.setTimeout(300_000)
  const reports = watchConsole(page)
  const [listing] = await restGet<Row[]>(
    'listings?select=id,type,name,user_ref&order=created_at.desc&limit=1',
  )
  const [own] = await restGet<Row[]>(
    `listings?select=id,type,name,user_ref&user_ref=eq.${await userIdOf(BEN)}&limit=1`,
  )
  if (!listing || !own) throw new Error('the e2e stack has no listings, or none of Ben Carter')
  const listingPage = `/category/${listing.type}/${listing.id}`

  // What a visitor sees, with the slider and the gallery reached for (Swiper takes over).
  await page.goto('/')
  await page.getByRole('group', { name: '1 / 5' }).hover()
  await expect(page.locator('.swiper-initialized')).toBeVisible()
  for (const [path, shown] of [
    ['/offers', page.getByRole('heading', { level: 1, name: 'Offers' })],
    ['/category/rent', page.getByRole('heading', { level: 1, name: 'Places for Rent' })],
    ['/search', page.getByRole('heading', { level: 2, name: /^[\d,]+ homes?$/ })],
    ['/search?type=rent&sort=price-asc', page.getByRole('heading', { level: 2, name: /^[\d,]+ homes?$/ })],
    ['/saved', page.getByRole('heading', { level: 1, name: 'Saved Homes' })],
    ['/sign-up', page.getByRole('button', { name: 'Sign Up', exact: true })],
    ['/forgot-password', page.getByRole('heading', { level: 1 })],
    [
      `/contact/${listing.user_ref}?listingName=${encodeURIComponent(listing.name)}`,
      page.getByRole('heading', { level: 1 }),
    ],
  ] as const) {
    await page.goto(path)
    await expect(shown).toBeVisible()
  }
  await page.goto(listingPage)
  await page.getByRole('group', { name: /^1 \/ \d+$/ }).hover()
  await expect(page.locator('.swiper-initialized')).toBeVisible()
  // Saved, with its toast, and the photos full screen.
  await page.getByRole('button', { name: `Save ${listing.name}` }).click()
  await expect(page.getByRole('button', { name: `Remove ${listing.name} from saved` })).toBeVisible()
  await page.getByRole('button', { name: /^View photo 1 of \d+ full screen$/ }).click()
  await expect(page.getByRole('dialog', { name: `Photos of ${listing.name}` })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toBeHidden()
  // The maps: the listing's, once scrolled to, and the search's.
  await page.locator('.map-frame').scrollIntoViewIfNeeded()
  await expect(page.locator('.map-frame .maplibregl-canvas')).toBeVisible({ timeout: 30_000 })
  await page.goto('/search?type=rent')
  await page.getByRole('button', { name: 'Map', exact: true }).click()
  await expect(page.locator('.search-map__price, .search-map__cluster').first()).toBeVisible({
    timeout: 30_000,
  })

  // What a landlord sees.
  await page.goto('/sign-in')
  await fillSignIn(page, BEN, DEMO_PASSWORD)
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: 'Your Listings' })).toBeVisible()
  await page.goto('/create-listing')
  await expect(page.getByRole('heading', { level: 1, name: 'Create a Listing' })).toBeVisible()
  // A refused form: every message beside its field.
  await page.getByRole('button', { name: 'Create Listing' }).click()
  await expect(page.getByLabel('Name')).toHaveAccessibleDescription(/Enter a name for the listing/)
  await page.goto(`/edit-listing/${own.id}`)
  await expect(page.getByLabel('Name')).toHaveValue(own.name)

  expect(reports).toEqual([])
})
