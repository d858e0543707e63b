import { toAppError } from '@/lib/errors'
import { getSupabase } from '@/lib/supabase'
import { LISTING_COLUMNS, type Listing, parseListingRows } from '@/types/listing'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** One listing by id for the edit screen, read afresh, or null when there is none (an id that is not a uuid names none). */
export async function getListingToEdit(listingId: string): Promise<Listing | null> {
  if (!UUID.test(listingId)) return null
  const supabase = await getSupabase()
  const { data, error } = await supabase
    .from('listings')
    .select(LISTING_COLUMNS)
    .eq('id', listingId)
    .maybeSingle()
  if (error) throw toAppError(error)
  return data === null ? null : (parseListingRows([data])[0] ?? null)
}
