import { AppError, toAppError } from '../../../lib/errors'
import { getSupabase } from '../../../lib/supabase'
import { type PlacedListing, toListingColumns } from '../listing-shapes'

/** Saves the edited fields of the owner's listing; owner, creation time and photos stay as they are. */
export async function updateListing(
  listingId: string,
  listing: Omit<PlacedListing, 'imageUrls'>,
): Promise<void> {
  const supabase = await getSupabase()
  const { image_urls: _unchanged, ...row } = toListingColumns({ ...listing, imageUrls: [] })
  const { data, error } = await supabase.from('listings').update(row).eq('id', listingId).select('id')
  if (error) throw toAppError(error)
  if (!data || data.length === 0) throw new AppError('Listing not saved', { code: 'not_updated' })
}
