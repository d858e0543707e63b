import { toAppError } from '../../../lib/errors'
import { getSupabase, publicFileUrl } from '../../../lib/supabase'
import { LISTING_IMAGES_BUCKET, listingImagePath } from '../image-paths'
import { shrinkImage } from '../shrink-image'

export type UploadedImage = { path: string; url: string }

/** Shrinks one photo and stores it under the owner's folder for this listing; returns its public URL. */
export async function uploadListingImage(
  file: Blob,
  place: { userId: string; listingId: string; index: number },
): Promise<UploadedImage> {
  const image = await shrinkImage(file)
  const random = crypto.randomUUID().slice(0, 8)
  const path = listingImagePath(place.userId, place.listingId, place.index, random)
  const supabase = await getSupabase()
  const { error } = await supabase.storage.from(LISTING_IMAGES_BUCKET).upload(path, image, {
    contentType: image.type || 'image/jpeg',
    cacheControl: '31536000',
    upsert: false,
  })
  if (error) throw toAppError(error)
  return { path, url: await publicFileUrl(LISTING_IMAGES_BUCKET, path) }
}
