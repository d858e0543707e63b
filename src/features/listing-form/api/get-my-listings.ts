import { toAppError } from '../../../lib/errors'
import { getSupabase } from '../../../lib/supabase'
import { LISTING_RECORD_COLUMNS, type ListingRecord, parseListingRecords } from '../listing-record'

/** The signed-in user's listings, newest first (spec §7: userRef == current user id). */
export async function getMyListings(userId: string): Promise<ListingRecord[]> {
  const supabase = await getSupabase()
  const { data, error } = await supabase
    .from('listings')
    .select(LISTING_RECORD_COLUMNS)
    .eq('user_ref', userId)
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
  if (error) throw toAppError(error)
  return parseListingRecords(data)
}
