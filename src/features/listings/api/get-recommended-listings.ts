import { toAppError } from '../../../lib/errors'
import { getPublicDb } from '../../../lib/supabase'
import { LISTING_COLUMNS, type Listing, parseListingRows } from '../types'
import { mirrorPage, readStoredView } from './listings-store'

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

/** Explore's slider: the device's copy at once (refreshed in the background), else the server's. */
export async function loadRecommendedListings(): Promise<Listing[]> {
  const stored = await readStoredView('recommended')
  if (!stored) return getRecommendedListings()
  if (navigator.onLine) void getRecommendedListings().catch(() => undefined)
  return stored.listings
}
