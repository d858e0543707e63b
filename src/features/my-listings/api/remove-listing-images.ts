import { LISTING_IMAGES_BUCKET } from '../../../config/storage'
import { toAppError } from '../../../lib/errors'
import { getSupabase } from '../../../lib/supabase'

/** Removes stored photos by bucket path (after the listing they belong to is deleted). */
export async function removeListingImages(paths: readonly string[]): Promise<void> {
  if (paths.length === 0) return
  const supabase = await getSupabase()
  const { error } = await supabase.storage.from(LISTING_IMAGES_BUCKET).remove([...paths])
  if (error) throw toAppError(error)
}
