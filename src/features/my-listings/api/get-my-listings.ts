import { replaceListingsOf } from '../../../device/listings'
import { toAppError } from '../../../lib/errors'
import { getSupabase } from '../../../lib/supabase'
import { LISTING_COLUMNS, type Listing, parseListingRows } from '../../../types/listing'

/** The signed-in user's listings, newest first (spec §7: userRef == current user id). */
export async function getMyListings(userId: string): Promise<Listing[]> {
  const supabase = await getSupabase()
  const { data, error } = await supabase
    .from('listings')
    .select(LISTING_COLUMNS)
    .eq('user_ref', userId)
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
  if (error) throw toAppError(error)
  return parseListingRows(data)
}

/** Reads the user's listings afresh and keeps them on the device, so Your Listings opens offline too. */
export async function refreshMyListings(userId: string): Promise<void> {
  await replaceListingsOf(userId, await getMyListings(userId))
}
