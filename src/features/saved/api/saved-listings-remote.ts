import { toAppError } from '../../../lib/errors'
import { getSupabase } from '../../../lib/supabase'
import { LISTING_COLUMNS, type Listing, parseListingRows } from '../../../types/listing'

/** Ids of the listings the signed-in user saved (RLS shows each user only their own). */
export async function fetchSavedListingIds(): Promise<string[]> {
  const supabase = await getSupabase()
  const { data, error } = await supabase
    .from('saved_listings')
    .select('listing_id')
    .order('created_at', { ascending: false })
  if (error) throw toAppError(error)
  return data.map((row) => row.listing_id)
}

/**
 * Saves a listing for the signed-in user. Saving it twice is not an error: a save whose answer was lost is
 * sent again, and the server keeps the one it has (ON CONFLICT DO NOTHING) instead of refusing it.
 */
export async function insertSavedListing(listingId: string): Promise<void> {
  const supabase = await getSupabase()
  const { error } = await supabase
    .from('saved_listings')
    .upsert({ listing_id: listingId }, { onConflict: 'user_id,listing_id', ignoreDuplicates: true })
  if (error) throw toAppError(error)
}

/** Unsaves a listing for the signed-in user; unsaving one that is not saved is not an error. */
export async function deleteSavedListing(listingId: string): Promise<void> {
  const supabase = await getSupabase()
  const { error } = await supabase.from('saved_listings').delete().eq('listing_id', listingId)
  if (error) throw toAppError(error)
}

/**
 * The signed-in user's saved homes with these ids, each with its listing, in one request: the saves embed
 * their listing (many-to-one through saved_listings.listing_id), so homes this device has not seen yet show.
 */
export async function fetchListingsByIds(ids: string[]): Promise<Listing[]> {
  if (ids.length === 0) return []
  const supabase = await getSupabase()
  const { data, error } = await supabase
    .from('saved_listings')
    .select(`listing:listings!inner(${LISTING_COLUMNS})`)
    .in('listing_id', ids)
    // Each listing is checked by parseListingRows.
    .overrideTypes<{ listing: unknown }[], { merge: false }>()
  if (error) throw toAppError(error)
  return parseListingRows(data.map((saved) => saved.listing))
}
