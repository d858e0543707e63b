import { env } from '../config/env'
import { buildImageUrl, type ImageTransform, type ImageUrlConfig, LISTING_IMAGE } from './image-url'

export { type ImageTransform, LISTING_IMAGE }

/** A public Storage image's address resized for display (see buildImageUrl), with the app's configuration. */
export function transformedImageUrl(
  url: string,
  transform: ImageTransform,
  config: ImageUrlConfig = { enabled: env.imageTransforms, supabaseUrl: env.supabaseUrl },
): string {
  return buildImageUrl(url, transform, config)
}

export const listingImageUrl = (url: string, use: keyof typeof LISTING_IMAGE) =>
  transformedImageUrl(url, LISTING_IMAGE[use])
