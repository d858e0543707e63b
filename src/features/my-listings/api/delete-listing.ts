import { forgetListing } from '../../../device/listings'
import { AppError, toAppError } from '../../../lib/errors'
import { getSupabase } from '../../../lib/supabase'
import { storagePathsFromUrls } from '../../../utils/listing-image-paths'
import { removeListingImages } from './remove-listing-images'

/**
 * Deletes the owner's listing, then its photos. A row RLS hides from the caller deletes nothing,
 * which is reported as an error rather than a silent success.
 */
export async function deleteListing(listing: { id: string; imageUrls: readonly string[] }): Promise<void> {
  const supabase = await getSupabase()
  const { data, error } = await supabase.from('listings').delete().eq('id', listing.id).select('id')
  if (error) throw toAppError(error)
  if (!data || data.length === 0) throw new AppError('Listing not deleted', { code: 'not_deleted' })
  await forgetListing(listing.id)
  // The listing is gone either way; a photo left behind is only storage, so its failure is not the user's.
  await removeListingImages(storagePathsFromUrls(listing.imageUrls)).catch(() => undefined)
}
