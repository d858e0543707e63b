import { toAppError } from '../../../lib/errors'
import { getPublicDb } from '../../../lib/supabase'
import { LISTING_COLUMNS, type Listing, parseListingRows } from '../types'
import { forgetListing, mirrorListings, readStoredListing } from './listings-store'
import { storedOrServer } from './stored-or-server'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** One listing by id, or null when there is none (an id that is not a UUID cannot exist either). Kept on the device. */
export async function getListing(listingId: string): Promise<Listing | null> {
  if (!UUID.test(listingId)) return null
  const db = getPublicDb()
  const { data, error } = await db.from('listings').select(LISTING_COLUMNS).eq('id', listingId).maybeSingle()
  if (error) throw toAppError(error)
  const listing = data ? (parseListingRows([data])[0] ?? null) : null
  await (listing ? mirrorListings([listing]) : forgetListing(listingId))
  return listing
}

/** The listing page's data: the device's copy or the server's, whichever comes first. */
export function loadListing(listingId: string): Promise<Listing | null> {
  if (!UUID.test(listingId)) return Promise.resolve(null)
  return storedOrServer(readStoredListing(listingId), () => getListing(listingId), navigator.onLine)
}
