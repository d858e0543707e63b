import {
  type ListingsViewKey,
  mirrorPage,
  readStoredView,
  type StoredListingsView,
} from '../../../device/listings'
import { earlyListings } from '../../../lib/early-answer'
import { toAppError } from '../../../lib/errors'
import { getPublicDb } from '../../../lib/supabase'
import { LISTING_COLUMNS, type ListingType, parseListingRows } from '../../../types/listing'
import { afterCursor, type ListingsCursor, type ListingsPage, PAGE_SIZE, toPage } from './listings-keyset'
import { storedOrServer } from './stored-or-server'

export type { ListingsCursor, ListingsPage, StoredListingsView }

/** Which listings a list shows: those on offer (/offers) or those of one type (/category/{type}). */
export type ListingsFilter = { kind: 'offers' } | { kind: 'type'; type: ListingType }

/** Where the device keeps what a list showed. */
export const viewKeyOf = (filter: ListingsFilter): ListingsViewKey =>
  filter.kind === 'offers' ? 'offers' : `category:${filter.type}`

async function fetchListingsPage(
  filter: ListingsFilter,
  cursor: ListingsCursor | null,
): Promise<ListingsPage> {
  const early = cursor
    ? null
    : await earlyListings(LISTING_COLUMNS, {
        ...(filter.kind === 'offers' ? { offer: true } : { type: filter.type }),
        limit: PAGE_SIZE + 1,
      })
  if (early) return toPage(parseListingRows(early.rows))
  const db = await getPublicDb()
  let query = db.from('market_listings').select(LISTING_COLUMNS)
  query = filter.kind === 'offers' ? query.eq('offer', true) : query.eq('type', filter.type)
  if (cursor) query = afterCursor(query, cursor)
  const { data, error } = await query
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .limit(PAGE_SIZE + 1)
  if (error) throw toAppError(error)
  return toPage(parseListingRows(data))
}

const keepOnDevice = (filter: ListingsFilter, page: ListingsPage, cursor: ListingsCursor | null) =>
  mirrorPage(viewKeyOf(filter), { listings: page.listings, hasMore: page.nextCursor !== null }, cursor)

/** One page of listings, newest first, starting after `cursor` (or at the top when null); kept on the device. */
export async function getListingsPage(
  filter: ListingsFilter,
  cursor: ListingsCursor | null,
): Promise<ListingsPage> {
  const page = await fetchListingsPage(filter, cursor)
  await keepOnDevice(filter, page, cursor)
  return page
}

/** A list's first screen: the device's copy of what it showed last time or the server's first page, whichever comes first. */
export function loadListingsView(filter: ListingsFilter): Promise<StoredListingsView> {
  // The server's page is shown without waiting for the device database to load and store it.
  const fromServer = async (): Promise<StoredListingsView> => {
    const page = await fetchListingsPage(filter, null)
    void keepOnDevice(filter, page, null)
    return { listings: page.listings, complete: page.nextCursor === null, fetchedAt: Date.now() }
  }
  return storedOrServer(readStoredView(viewKeyOf(filter)), fromServer, navigator.onLine)
}
