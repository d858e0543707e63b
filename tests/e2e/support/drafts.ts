import { expect, type Page } from '@playwright/test'
import { DEFAULT_JWT_SECRET } from '@roost/local-supabase/config'
import { SignJWT } from 'jose'
import { photo } from './accounts'
import { fillPublishingFacts } from './property-facts'
import { anon } from './stack'

export type DraftListing = { name: string; address: string; regularPrice: string; photos: number }

/** Fills the Create a Listing form (already open) with valid values and `photos` generated JPEGs. */
export async function fillListing(page: Page, listing: DraftListing): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Create a Listing' })).toBeVisible()
  await page.getByLabel('Name').fill(listing.name)
  await page.getByLabel('Address').fill(listing.address)
  await page.getByLabel(/^Regular price/).fill(listing.regularPrice)
  await fillPublishingFacts(page, listing)
  const files = await Promise.all(
    Array.from({ length: listing.photos }, (_, i) => photo(`room-${i + 1}.jpg`, { width: 800, height: 600 })),
  )
  await page.getByLabel('Images').setInputFiles(files)
}

/** The drafts in the page's device database (read through IndexedDB, as the app stores them). */
export function storedDrafts(page: Page): Promise<{ id: string; state: string; ownerId: string }[]> {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('roost')
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const database = open.result
          if (!database.objectStoreNames.contains('drafts')) return resolve([])
          const request = database.transaction('drafts').objectStore('drafts').getAll()
          request.onsuccess = () => {
            resolve(request.result)
            database.close()
          }
          request.onerror = () => reject(request.error)
        }
      }),
  )
}

/** How many photos the device keeps for a draft. */
export function storedPhotoCount(page: Page, draftId: string): Promise<number> {
  return page.evaluate(
    (id) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('roost')
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const database = open.result
          const request = database
            .transaction('draftPhotos')
            .objectStore('draftPhotos')
            .index('draftId')
            .count(IDBKeyRange.only(id))
          request.onsuccess = () => {
            resolve(request.result)
            database.close()
          }
          request.onerror = () => reject(request.error)
        }
      }),
    draftId,
  )
}

/** The one draft on this device (its id is the listing's id). */
export async function onlyDraft(page: Page): Promise<{ id: string; state: string; ownerId: string }> {
  const drafts = await storedDrafts(page)
  expect(drafts).toHaveLength(1)
  const [draft] = drafts
  if (!draft) throw new Error('no draft')
  return draft
}

/** What the server holds for a listing id: its rows and the objects in its photo folder. */
export async function serverCounts(
  userId: string,
  listingId: string,
): Promise<{ rows: number; objects: number }> {
  const { data: rows, error } = await anon.from('listings').select('id').eq('id', listingId)
  if (error) throw error
  const { data: objects, error: listError } = await anon.storage
    .from('listing-images')
    .list(`${userId}/${listingId}`)
  if (listError) throw listError
  return { rows: rows.length, objects: objects.length }
}

/** The Drafts block's item for a draft name. */
export const draftItem = (page: Page, name: string) =>
  page
    .getByRole('region', { name: 'Drafts' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name }) })

/** The auth-token key supabase-js keeps the session under in localStorage. */
export async function sessionKey(page: Page): Promise<string> {
  const key = await page.evaluate(() => Object.keys(localStorage).find((k) => /^sb-.*-auth-token$/.test(k)))
  if (!key) throw new Error('no stored session')
  return key
}

/** Replaces the stored access token by the same claims signed to have expired a minute ago. */
export async function expireAccessToken(page: Page): Promise<void> {
  const key = await sessionKey(page)
  const stored = JSON.parse((await page.evaluate((k) => localStorage.getItem(k), key)) ?? '{}') as {
    access_token: string
  }
  const claims = JSON.parse(Buffer.from(stored.access_token.split('.')[1] ?? '', 'base64url').toString())
  const now = Math.floor(Date.now() / 1000)
  const expired = await new SignJWT({ ...claims, iat: now - 3600, exp: now - 60 })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(DEFAULT_JWT_SECRET))
  await page.evaluate(
    ([k, token]) => {
      const session = JSON.parse(localStorage.getItem(k as string) ?? '{}')
      localStorage.setItem(k as string, JSON.stringify({ ...session, access_token: token }))
    },
    [key, expired],
  )
}
