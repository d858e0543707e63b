import { toAppError } from '../../../lib/errors'
import { getSupabase } from '../../../lib/supabase'
import { LISTING_COLUMNS, type Listing, parseListingRows } from '../types'

/** The Recommended slider shows the 5 newest listings (spec §2, §9). */
export const RECOMMENDED_COUNT = 5

export async function getRecommendedListings(): Promise<Listing[]> {
  const supabase = await getSupabase()
  const { data, error } = await supabase
    .from('listings')
    .select(LISTING_COLUMNS)
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .limit(RECOMMENDED_COUNT)
  if (error) throw toAppError(error)
  return parseListingRows(data)
}
