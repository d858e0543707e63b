import { toAppError } from '../../../lib/errors'
import { getSupabase } from '../../../lib/supabase'
import { LISTING_IMAGES_BUCKET } from '../image-paths'

/** Removes stored photos by bucket path (after a delete, or after a publish that failed half-way). */
export async function removeListingImages(paths: readonly string[]): Promise<void> {
  if (paths.length === 0) return
  const supabase = await getSupabase()
  const { error } = await supabase.storage.from(LISTING_IMAGES_BUCKET).remove([...paths])
  if (error) throw toAppError(error)
}
