import { toAppError } from '../../../lib/errors'
import { getSupabase } from '../../../lib/supabase'
import { LISTING_RECORD_COLUMNS, type ListingRecord, parseListingRecord } from '../listing-record'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** One listing by id for the edit screen, or null when there is none (an id that is not a uuid names none). */
export async function getListing(listingId: string): Promise<ListingRecord | null> {
  if (!UUID.test(listingId)) return null
  const supabase = await getSupabase()
  const { data, error } = await supabase
    .from('listings')
    .select(LISTING_RECORD_COLUMNS)
    .eq('id', listingId)
    .maybeSingle()
  if (error) throw toAppError(error)
  return data === null ? null : parseListingRecord(data)
}
