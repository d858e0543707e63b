import { toAppError } from '../../../lib/errors'
import { getSupabase } from '../../../lib/supabase'
import { type ListingRow, toListingRow } from '../listing-row'

/**
 * Inserts a listing under the id the client chose. Sending the same listing again (a retry after a lost
 * answer) finds the row already there and overwrites it instead of adding a second one.
 */
export async function createListing(listing: ListingRow & { id: string }): Promise<void> {
  const supabase = await getSupabase()
  const row = toListingRow(listing)
  const { error } = await supabase.from('listings').insert({ id: listing.id, ...row })
  if (!error) return
  if (error.code !== '23505') throw toAppError(error)
  const retry = await supabase.from('listings').update(row).eq('id', listing.id)
  if (retry.error) throw toAppError(retry.error)
}
