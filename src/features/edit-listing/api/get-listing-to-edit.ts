import { toAppError } from '../../../lib/errors'
import { getSupabase } from '../../../lib/supabase'
import { LISTING_COLUMNS, type Listing, parseListingRows } from '../../../types/listing'

/** One listing by id for the edit screen, read afresh, or null when there is none. */
export async function getListingToEdit(listingId: string): Promise<Listing | null> {
  const supabase = await getSupabase()
  const { data, error } = await supabase
    .from('listings')
    .select(LISTING_COLUMNS)
    .eq('id', listingId)
    .maybeSingle()
  if (error) throw toAppError(error)
  return data === null ? null : (parseListingRows([data])[0] ?? null)
}
