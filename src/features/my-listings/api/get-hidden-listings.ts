import { toAppError } from '../../../lib/errors'
import { getSupabase } from '../../../lib/supabase'

/** The user's listings that reports have hidden until a moderator reviews them (decisions are shown apart). */
export async function getHiddenListings(userId: string): Promise<{ id: string; name: string }[]> {
  const supabase = await getSupabase()
  const holds = await supabase
    .from('listing_review_holds')
    .select('listing_id')
    .eq('landlord_id', userId)
    .eq('kind', 'reports')
  if (holds.error) throw toAppError(holds.error)
  const ids = holds.data.map((hold) => hold.listing_id)
  if (ids.length === 0) return []
  const { data, error } = await supabase.from('listings').select('id, name').in('id', ids)
  if (error) throw toAppError(error)
  return data
}
