import { forgetListing, mirrorListings, readStoredListing } from '../../../device/listings'
import { earlyListings } from '../../../lib/early-answer'
import { toAppError } from '../../../lib/errors'
import { getPublicDb } from '../../../lib/supabase'
import { LISTING_COLUMNS, type Listing, parseListingRows } from '../../../types/listing'
import { storedOrServer } from './stored-or-server'

export async function fetchListing(listingId: string): Promise<Listing | null> {
  const early = await earlyListings(LISTING_COLUMNS, { id: listingId })
  if (early) return parseListingRows(early.rows)[0] ?? null
  const db = await getPublicDb()
  const { data, error } = await db.from('listings').select(LISTING_COLUMNS).eq('id', listingId).maybeSingle()
  if (error) throw toAppError(error)
  return data ? (parseListingRows([data])[0] ?? null) : null
}

const keepOnDevice = (listingId: string, listing: Listing | null) =>
  listing ? mirrorListings([listing]) : forgetListing(listingId)

/** One listing by id, or null when there is none. Kept on the device. */
export async function getListing(listingId: string): Promise<Listing | null> {
  const listing = await fetchListing(listingId)
  await keepOnDevice(listingId, listing)
  return listing
}

/**
 * The listing page's data: the device's copy or the server's, whichever comes first. The server's answer
 * is shown without waiting for the device database to load and store it.
 */
export function loadListing(listingId: string): Promise<Listing | null> {
  const fromServer = async () => {
    const listing = await fetchListing(listingId)
    void keepOnDevice(listingId, listing)
    return listing
  }
  return storedOrServer(readStoredListing(listingId), fromServer, navigator.onLine)
}

/** The server's copy of one listing laid over the device's (the page shows the device's, kept live). */
export async function refreshStoredListing(listingId: string): Promise<void> {
  const db = await getPublicDb()
  const { data, error } = await db.from('listings').select(LISTING_COLUMNS).eq('id', listingId).maybeSingle()
  if (error || !data) return
  const listing = parseListingRows([data])[0]
  if (listing) await mirrorListings([listing])
}
