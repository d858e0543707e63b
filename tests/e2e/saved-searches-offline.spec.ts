import { expect, type Page, type Request, test } from '@playwright/test'
import {
  clientOf,
  newSignedInAccount,
  openSavedSearches,
  savedSearchItem,
  serverSavedSearches,
  uniqueWord,
} from './support/saved-searches'
import { waitForServiceWorker } from './support/service-worker'

// Each test walks several screens, with the service worker and the server in the loop: thrice the usual time.
test.slow()

const PENDING = 'Not sent yet: it will be when you’re back online.'

/** Writes to public.saved_searches the page sends, by method. */
function watchWrites(page: Page): Record<string, number> {
  const counts: Record<string, number> = {}
  page.on('request', (request: Request) => {
    if (new URL(request.url()).pathname !== '/rest/v1/saved_searches' || request.method() === 'GET') return
    counts[request.method()] = (counts[request.method()] ?? 0) + 1
  })
  return counts
}

/** How many writes wait in the device's outbox. */
const outboxSize = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('roost')
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const count = open.result.transaction('outbox').objectStore('outbox').count()
          count.onsuccess = () => {
            open.result.close()
            resolve(count.result)
          }
        }
      }),
  )

/** The kinds of the writes waiting in the device's outbox, oldest first. */
const outboxKinds = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('roost')
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const all = open.result.transaction('outbox').objectStore('outbox').getAll()
          all.onsuccess = () => {
            open.result.close()
            resolve((all.result as { kind: string }[]).map((entry) => entry.kind))
          }
        }
      }),
  )

async function saveSearchAt(page: Page, path: string, name: string) {
  await page.goto(path)
  // An old link's text is read as keywords (the URL replaced) before the search is saved.
  const text = new URLSearchParams(path.split('?')[1]).get('q')
  if (text) await expect(page.getByText(`Showing homes with "${text}" in their description`)).toBeVisible()
  await page.getByRole('button', { name: 'Save search' }).click()
  await expect(page.getByRole('status').filter({ hasText: `Saved as “${name}”` })).toBeVisible()
}

test('offline: saved searches created, renamed and deleted wait on the device and reach the server once, in order', async ({
  page,
  context,
}) => {
  const account = await newSignedInAccount(page, 'offline')
  await waitForServiceWorker(page)
  const server = await clientOf(account.email, account.password)
  const word = uniqueWord('Qx')
  const writes = watchWrites(page)

  await context.setOffline(true)
  await saveSearchAt(page, `/search?type=rent&q=${word}`, `Rent · ${word}`)
  await saveSearchAt(page, `/search?type=sale&q=${word}&parking=true`, `Sale · ${word} · Parking`)
  await openSavedSearches(page)
  await expect(page.getByText('You are offline: changes are kept on this device')).toBeVisible()
  await expect(savedSearchItem(page, `Rent · ${word}`)).toContainText(PENDING)

  // Rename one; delete the other (created and deleted without ever reaching the server).
  const rent = savedSearchItem(page, `Rent · ${word}`)
  await rent.getByRole('button', { name: 'Rename' }).click()
  await page.getByRole('textbox', { name: 'Name' }).fill('Flats found on the train')
  await page.getByRole('button', { name: 'Save name' }).click()
  page.once('dialog', (dialog) => void dialog.accept())
  await savedSearchItem(page, `Sale · ${word} · Parking`).getByRole('button', { name: 'Delete' }).click()
  await expect(savedSearchItem(page, `Sale · ${word} · Parking`)).toHaveCount(0)

  // Kept on the device across a reload, offline; nothing reached the server.
  await page.reload()
  // A cold start of the app on a loaded runner: the session check and the device database take a while.
  await expect(savedSearchItem(page, 'Flats found on the train')).toContainText(PENDING, { timeout: 30_000 })
  expect(await outboxSize(page)).toBe(4)
  expect(await serverSavedSearches(server)).toEqual([])
  expect(writes).toEqual({})

  await context.setOffline(false)
  await expect.poll(() => outboxSize(page), { timeout: 20_000 }).toBe(0)
  await expect(savedSearchItem(page, 'Flats found on the train')).not.toContainText(PENDING)
  const rows = await serverSavedSearches(server)
  expect(rows).toMatchObject([{ name: 'Flats found on the train', params: { type: 'rent', keywords: word } }])
  expect(rows).toHaveLength(1)
  // Each write sent once: two creates, one rename, one delete.
  expect(writes).toEqual({ POST: 2, PATCH: 1, DELETE: 1 })

  // Every later trigger (back online again, a reload) sends nothing more.
  await page.evaluate(() => window.dispatchEvent(new Event('online')))
  await page.reload()
  await expect(savedSearchItem(page, 'Flats found on the train')).toBeVisible({ timeout: 30_000 })
  await page.waitForLoadState('networkidle')
  expect(writes).toEqual({ POST: 2, PATCH: 1, DELETE: 1 })
  expect(await serverSavedSearches(server)).toHaveLength(1)
})

test('offline: a saved search opens and runs over the homes kept on the device', async ({
  page,
  context,
}) => {
  await newSignedInAccount(page, 'offline-open')
  await waitForServiceWorker(page)
  // Seen online, so the device keeps them.
  await saveSearchAt(page, '/search?type=rent', 'Rent')
  await expect(page.getByRole('heading', { level: 2, name: /^[\d,]+ homes?$/ })).toBeVisible()
  const firstHome = await page
    .getByRole('main')
    .getByRole('listitem')
    .first()
    .getByRole('heading')
    .textContent()
  // The save has reached the server: only the opening is left to queue offline.
  await expect.poll(() => outboxSize(page)).toBe(0)

  await context.setOffline(true)
  await openSavedSearches(page)
  await savedSearchItem(page, 'Rent').getByRole('link', { name: 'Rent' }).click()
  await expect(page).toHaveURL(/\/search\?type=rent&from=/)
  await expect(
    page.getByText('You are offline: these results come from the homes kept on this device.'),
  ).toBeVisible()
  await expect(page.getByRole('main').getByRole('listitem').first()).toContainText(firstHome ?? '')
  // The opening waits in the outbox and reaches the server when the connection returns.
  expect(await outboxKinds(page)).toEqual(['saved-search.open'])
  await context.setOffline(false)
  await expect.poll(() => outboxSize(page), { timeout: 20_000 }).toBe(0)
})
