import { LISTING_IMAGES_BUCKET } from '../config/storage'
import { getSupabase } from './supabase'

// A listing's photos in Storage, for a draft's publish and for an edit's new photos alike: each at a fixed
// path, so uploading it again (a retry after a lost answer) overwrites it instead of adding another.

/** Uploads a shrunk photo to its fixed path; throws the SDK's error for the caller to classify. */
export async function uploadListingPhoto(path: string, photo: Blob): Promise<void> {
  const supabase = await getSupabase()
  const { error } = await supabase.storage.from(LISTING_IMAGES_BUCKET).upload(path, photo, {
    contentType: photo.type || 'image/jpeg',
    cacheControl: '31536000',
    upsert: true,
  })
  if (error) throw error
}

/** The public URL of a photo at a bucket path. */
export async function listingPhotoUrl(): Promise<(path: string) => string> {
  const supabase = await getSupabase()
  return (path) => supabase.storage.from(LISTING_IMAGES_BUCKET).getPublicUrl(path).data.publicUrl
}

/** Removes photos by bucket path; throws the SDK's error. */
export async function removeListingPhotos(paths: readonly string[]): Promise<void> {
  if (paths.length === 0) return
  const supabase = await getSupabase()
  const { error } = await supabase.storage.from(LISTING_IMAGES_BUCKET).remove([...paths])
  if (error) throw error
}
