import type { RoostDb, StoredView } from '../../../lib/local-db'
import { META } from '../../../lib/local-meta'
import { withLocalDb } from '../../../lib/use-local-query'
import type { Listing, ListingType } from '../../../types/listing'
import type { ListingsCursor } from './listings-keyset'
import { mergePage, newerListing } from './listings-mirror'

/** The list views the app mirrors, by their key in the views table. */
export type ListingsViewKey = 'recommended' | 'offers' | `category:${ListingType}`

/** A stored list view with its listings, in order. */
export type StoredListingsView = { listings: Listing[]; complete: boolean; fetchedAt: number }

async function upsertListings(db: RoostDb, listings: Listing[], now: number) {
  const stored = await db.listings.bulkGet(listings.map((listing) => listing.id))
  await db.listings.bulkPut(
    listings.map((listing, i) => ({ ...newerListing(stored[i], { ...listing, seenAt: now }), seenAt: now })),
  )
  await db.meta.put({ key: META.lastFetchedAt, value: now })
}

/** Keeps listings seen on a screen (e.g. a detail page), newest version first. */
export function mirrorListings(listings: Listing[]): Promise<void> {
  return withLocalDb(async (db) => {
    await db.transaction('rw', db.listings, db.meta, () => upsertListings(db, listings, Date.now()))
  }, undefined)
}

/** Keeps one page of a list view: its listings, and their place in the view's order. */
export function mirrorPage(
  key: ListingsViewKey,
  page: { listings: Listing[]; hasMore: boolean },
  cursor: ListingsCursor | null,
): Promise<void> {
  return withLocalDb(async (db) => {
    await db.transaction('rw', db.listings, db.views, db.meta, async () => {
      const now = Date.now()
      await upsertListings(db, page.listings, now)
      const stored = await db.views.get(key)
      const merged = mergePage(stored?.entries ?? [], page, cursor)
      await db.views.put({ key, ...merged, fetchedAt: now } satisfies StoredView)
    })
  }, undefined)
}

/** Forgets a listing the server no longer has. */
export function forgetListing(id: string): Promise<void> {
  return withLocalDb((db) => db.listings.delete(id), undefined)
}

/** A stored view with its listings (those still on the device), or null if this view was never seen. */
export async function readView(db: RoostDb, key: ListingsViewKey): Promise<StoredListingsView | null> {
  const view = await db.views.get(key)
  if (!view) return null
  const listings = await db.listings.bulkGet(view.entries.map((entry) => entry.id))
  return {
    listings: listings.filter((listing) => listing !== undefined),
    complete: view.complete,
    fetchedAt: view.fetchedAt,
  }
}

export const readStoredView = (key: ListingsViewKey) => withLocalDb((db) => readView(db, key), null)

export const readStoredListing = (id: string) =>
  withLocalDb(async (db) => (await db.listings.get(id)) ?? null, null)
