import { toAppError } from '../../../lib/errors'
import { getPublicDb } from '../../../lib/supabase'
import { LISTING_COLUMNS, type Listing, parseListingRows } from '../types'
import { mirrorPage, readStoredView } from './listings-store'
import { storedOrServer } from './stored-or-server'

/** The Recommended slider shows the 5 newest listings (spec §2, §9). */
export const RECOMMENDED_COUNT = 5

export async function getRecommendedListings(): Promise<Listing[]> {
  const db = getPublicDb()
  const { data, error } = await db
    .from('listings')
    .select(LISTING_COLUMNS)
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .limit(RECOMMENDED_COUNT)
  if (error) throw toAppError(error)
  const listings = parseListingRows(data)
  await mirrorPage('recommended', { listings, hasMore: false }, null)
  return listings
}

/** Explore's slider: the device's copy or the server's, whichever comes first. */
export async function loadRecommendedListings(): Promise<Listing[]> {
  const stored = readStoredView('recommended').then((view) => view?.listings ?? null)
  return storedOrServer(stored, getRecommendedListings, navigator.onLine)
}
