import { type BrowserContext, expect, type Page, test } from '@playwright/test'
import { userIdOf } from './support/accounts'
import { expectStoredView } from './support/device'
import {
  type Case,
  HISTORIES,
  type History,
  loadSeed,
  SCREENS,
  type Screen,
  type Seed,
  type Who,
} from './support/offline-cases'
import { waitForServiceWorker } from './support/service-worker'
import { API_URL, apiClient, DEMO_PASSWORD, SESSION_KEY } from './support/stack'

// One test per cell of the offline contract (support/offline-cases.ts): screen × seen before or not × how the
// signal fails. Each group of cells shares one browser context, as one person's device would: the service
// worker controls it (navigator.serviceWorker.ready, then a reload) before the signal goes.

/** Offline, a screen answers at once: from the device, or with a sentence; this is only a bound for a busy machine. */
const AT_ONCE_MS = 5_000
/** On a network that hangs, a screen with nothing stored waits for the read timeout (src/lib/supabase.ts), then says so. */
const AFTER_READ_TIMEOUT_MS = 8_000 + 3_000 + 7_000
/** On a network that hangs, a screen the device holds shows it without waiting for the network (all screens open at once). */
const HANGING_BUT_STORED_MS = 10_000

const ALICE = 'alice@example.com'

async function signInContext(context: BrowserContext): Promise<void> {
  const { data, error } = await apiClient().auth.signInWithPassword({ email: ALICE, password: DEMO_PASSWORD })
  if (error || !data.session) throw error ?? new Error('alice cannot sign in')
  await context.addInitScript(
    ([key, value]) => {
      if (!window.localStorage.getItem(key as string))
        window.localStorage.setItem(key as string, value as string)
    },
    [SESSION_KEY, JSON.stringify(data.session)],
  )
}

/** Navigation inside the app, as a tapped link does it: the router follows history.pushState, no reload. */
async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    const index = Number((window.history.state as { __TSR_index?: number } | null)?.__TSR_index ?? 0)
    window.history.pushState({ __TSR_index: index + 1, key: `${Date.now()}` }, '', to)
  }, path)
}

async function expectShown(page: Page, screen: Screen, seed: Seed, history: History, how: Case) {
  const shows = screen.shows(seed, history, how)
  const waits = how === 'hang' && screen.waitsOnHang?.(history) === true
  const timeout = waits ? AFTER_READ_TIMEOUT_MS : how === 'hang' ? HANGING_BUT_STORED_MS : AT_ONCE_MS
  const main = page.getByRole('main')
  if (shows.heading)
    await expect(main.getByRole('heading', { level: 1, name: shows.heading })).toBeVisible({ timeout })
  await expect(main.getByText(shows.text).first()).toBeVisible({ timeout })
  // Never an error screen.
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toHaveCount(0)
  const banner = page.locator('.offline-banner')
  if (how !== 'hang') {
    // Never a spinner for a network the app knows is down, never a toast over the screen's own words.
    await expect(page.getByRole('status', { name: 'Loading' })).toHaveCount(0)
    await expect(page.getByRole('alert')).toHaveCount(0)
  }
  if (how !== 'hang' && screen.banner(history)) await expect(banner).toContainText('You are offline.')
  else await expect(banner).toBeHidden()
}

for (const who of ['visitor', 'alice'] as Who[]) {
  for (const history of HISTORIES) {
    test.describe(`offline contract: ${who}, screens ${history}`, () => {
      test.describe.configure({ mode: 'serial' })
      const screens = SCREENS.filter((screen) => screen.who === who)
      let context: BrowserContext
      let page: Page
      let seed: Seed
      const hangPages = new Map<string, Page>()

      test.beforeAll(async ({ browser }) => {
        context = await browser.newContext({ serviceWorkers: 'allow' })
        if (who === 'alice') await signInContext(context)
        seed = await loadSeed(await userIdOf(ALICE))
        page = await context.newPage()
        // The worker is installed from a page that shows no homes, so 'never seen' holds for every screen.
        await page.goto('/no-such-page')
        await waitForServiceWorker(page)
        if (history === 'never seen') return
        for (const screen of screens) {
          if (screen.newest) seed[screen.newest] = (await loadSeed(await userIdOf(ALICE)))[screen.newest]
          const opened = Date.now()
          await page.goto(screen.path(seed))
          const online = screen.online(seed)
          if (online.heading)
            await expect(page.getByRole('heading', { level: 1, name: online.heading })).toBeVisible()
          await expect(page.getByRole('main').getByText(online.text).first()).toBeVisible()
          // A list shows the server's answer before the device has kept it; leaving the page at once would
          // abort that write, so 'seen' means kept on the device, as it is for a person who looked at it.
          if (screen.storedView) await expectStoredView(page, screen.storedView, opened)
          if (screen.name === 'a listing') {
            await page.getByRole('button', { name: `Save ${seed.other.name}` }).click()
            // Kept on the device before the next page load, which would abort the write (as a person's tap
            // is kept before they reload).
            await expect(
              page.getByRole('button', { name: `Remove ${seed.other.name} from saved` }),
            ).toBeVisible()
          }
        }
      })

      test.afterAll(async () => {
        await context?.close()
      })

      for (const screen of screens) {
        test(`${screen.name} · offline cold start (reload)`, async () => {
          await context.setOffline(true)
          await page.goto(screen.path(seed))
          await expectShown(page, screen, seed, history, 'reload')
        })
      }

      for (const screen of screens) {
        test(`${screen.name} · offline navigation inside the app`, async () => {
          await context.setOffline(true)
          if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.goto('/')
          await navigateInApp(page, screen.path(seed))
          await expectShown(page, screen, seed, history, 'navigate')
        })
      }

      test.describe('a network that hangs', () => {
        test.beforeAll(async () => {
          await context.setOffline(false)
          await context.route(`${API_URL}/**`, () => undefined)
          // Each screen opens on its own page at once, so the screens that wait for the read timeout wait together.
          await Promise.all(
            screens.map(async (screen) => {
              const hanging = await context.newPage()
              hangPages.set(screen.name, hanging)
              await hanging.goto(screen.path(seed), { waitUntil: 'commit' })
            }),
          )
        })

        for (const screen of screens) {
          test(`${screen.name} · a network that hangs`, async () => {
            const hanging = hangPages.get(screen.name)
            if (!hanging) throw new Error(`no page for ${screen.name}`)
            await expectShown(hanging, screen, seed, history, 'hang')
          })
        }
      })
    })
  }
}
