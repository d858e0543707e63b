import { useRef } from 'react'
import type { StoredListing, StoredView } from '../lib/local-db'
import { type RoostDb, useLocalQuery, withLocalDb } from '../lib/local-db-access'
import type { HomeSearch } from '../types/home-search'
import type { Listing, ListingPosition, ListingType } from '../types/listing'
import { withoutLegacyText } from '../utils/legacy-text'
import { isOnMarket } from '../utils/on-market'
import { mergePage, newerListing } from './listings-merge'
import { META, readMeta, writeMeta } from './meta'

// Owner of the `listings` table (the mirror of listings seen online) and the `views` table (the order of
// each list as it was seen). Every write goes through the freshness rule (newerListing), so a late, older
// answer never replaces a newer copy. Queries over the mirror (e.g. a search of stored listings) belong here.

/** The list views the app mirrors, by their key in the views table. */
export type ListingsViewKey = 'recommended' | 'offers' | `category:${ListingType}`

/** A stored list view with its listings, in order. */
export type StoredListingsView = { listings: Listing[]; complete: boolean; fetchedAt: number }

async function upsertListings(db: RoostDb, listings: readonly Listing[], now: number): Promise<void> {
  const stored = await db.listings.bulkGet(listings.map((listing) => listing.id))
  await db.listings.bulkPut(
    listings.map(
      (listing, i): StoredListing => ({
        ...newerListing(stored[i], { ...listing, seenAt: now }),
        seenAt: now,
      }),
    ),
  )
  await writeMeta(db, META.lastFetchedAt, now)
}

/**
 * Keeps a listing shown on a screen (e.g. one being saved) unless the device holds a newer copy; inside the
 * caller's transaction, which includes the listings table. Not a fetch: "last updated" stays as it was.
 */
export async function keepListing(db: RoostDb, listing: Listing): Promise<void> {
  const stored = await db.listings.get(listing.id)
  if (stored && newerListing(stored, listing) === stored) return
  await db.listings.put({ ...listing, seenAt: Date.now() })
}

/** Keeps listings that came from the server (a listing page, saved homes, the owner's list), newest version kept. */
export function mirrorListings(listings: readonly Listing[]): Promise<void> {
  return withLocalDb(async (db) => {
    await db.transaction('rw', db.listings, db.meta, () => upsertListings(db, listings, Date.now()))
  }, undefined)
}

/** Keeps one page of a list view: its listings, and their place in the view's order. */
export function mirrorPage(
  key: ListingsViewKey,
  page: { listings: Listing[]; hasMore: boolean },
  cursor: ListingPosition | null,
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

/** Forgets a listing the server no longer has (or its owner deleted). */
export function forgetListing(id: string): Promise<void> {
  return withLocalDb((db) => db.listings.delete(id), undefined)
}

/**
 * The owner's listings as the server has them now: kept, and those of the owner the server no longer lists
 * forgotten, so the owner's list reads the same offline.
 */
export function replaceListingsOf(userRef: string, listings: readonly Listing[]): Promise<void> {
  return withLocalDb(async (db) => {
    await db.transaction('rw', db.listings, db.meta, async () => {
      const current = new Set(listings.map((listing) => listing.id))
      const stored = await db.listings.where('userRef').equals(userRef).primaryKeys()
      await db.listings.bulkDelete(stored.filter((id) => !current.has(id)))
      await upsertListings(db, listings, Date.now())
      await writeMeta(db, META.ownListingsOf, userRef)
    })
  }, undefined)
}

/** The stored listings with these ids, in the order asked (those not on the device are left out). */
export async function readListings(db: RoostDb, ids: readonly string[]): Promise<Listing[]> {
  const found = await db.listings.bulkGet([...ids])
  return found.filter((listing) => listing !== undefined)
}

/** Of these ids, those the device holds no listing for. */
export function missingListingIds(ids: readonly string[]): Promise<string[]> {
  return withLocalDb(
    async (db) => {
      const found = await db.listings.bulkGet([...ids])
      return ids.filter((_, i) => found[i] === undefined)
    },
    [...ids],
  )
}

/**
 * A stored view with its listings (those still on the device and still on the market), or null if this view
 * was never seen.
 */
async function readView(db: RoostDb, key: ListingsViewKey): Promise<StoredListingsView | null> {
  const view = await db.views.get(key)
  if (!view) return null
  const now = Date.now()
  const listings = await readListings(
    db,
    view.entries.map((entry) => entry.id),
  )
  return {
    listings: listings.filter((listing) => isOnMarket(listing, now)),
    complete: view.complete,
    fetchedAt: view.fetchedAt,
  }
}

/**
 * The owner's stored listings, newest first (created_at desc, id desc, as the server orders them); null when
 * the owner's list was never read in full on this device (listings of theirs seen elsewhere are not all).
 */
async function readListingsOf(db: RoostDb, userRef: string): Promise<Listing[] | null> {
  if ((await readMeta(db, META.ownListingsOf)) !== userRef) return null
  const listings = await db.listings.where('userRef').equals(userRef).toArray()
  return listings.sort((a, b) =>
    a.createdAt === b.createdAt ? b.id.localeCompare(a.id) : b.createdAt.localeCompare(a.createdAt),
  )
}

/**
 * A search over the stored listings, in the search's order, by the same rules as the server's (what /search
 * shows offline; text of an old link read as its place or keywords first). A type narrows the read to its part of the [type+createdAt] index; the rest (text, price,
 * rooms, flags, area) is matched in memory, over at most the few hundred listings a phone has seen.
 */
export async function searchStoredListings(given: HomeSearch): Promise<Listing[]> {
  const search = await withoutLegacyText(given)
  // A radius is measured from its place's centre, from the places list (loaded only for such a search).
  const place =
    search.place !== undefined && search.radius
      ? (await import('../utils/places').then(({ loadPlaces }) => loadPlaces())).byId.get(search.place)
      : undefined
  // The matcher loads with the first search of the stored homes, not with the app's first render.
  const { searchListings } = await import('../utils/match-listings')
  return withLocalDb(async (db) => {
    const { type } = search
    const stored = type
      ? await db.listings.where('[type+createdAt]').between([type, ''], [type, '\uffff']).toArray()
      : await db.listings.toArray()
    return searchListings(stored, search, place ?? null)
  }, [])
}

export const readStoredView = (key: ListingsViewKey): Promise<StoredListingsView | null> =>
  withLocalDb((db) => readView(db, key), null)

export const readStoredListing = (id: string): Promise<Listing | null> =>
  withLocalDb(async (db) => (await db.listings.get(id)) ?? null, null)

/** A list view as this device holds it, kept live as pages are mirrored; null until (or unless) it is stored. */
export function useStoredView(key: ListingsViewKey): StoredListingsView | null {
  return useLocalQuery(`view:${key}`, (db) => readView(db, key), null)
}

/** The owner's listings this device holds, kept live; null when never read in full here, undefined until the device answers. */
export function useStoredListingsOf(userRef: string): Listing[] | null | undefined {
  return useLocalQuery(`listings-of:${userRef}`, (db) => readListingsOf(db, userRef), undefined)
}

/**
 * A listing as this device holds it, kept live as it is refreshed: `initial` until the device holds it
 * (the server's answer may be shown before it is stored), null once it was held and then removed (the
 * server said it is gone).
 */
export function useStoredListing(initial: Listing): Listing | null {
  const stored = useLocalQuery(
    `listing:${initial.id}`,
    async (db) => (await db.listings.get(initial.id)) ?? null,
    undefined as Listing | null | undefined,
  )
  const held = useRef<string | null>(null)
  if (stored) held.current = stored.id
  if (stored === null && held.current === initial.id) return null
  return stored ?? initial
}
