import { listingImageUrl } from '../../../lib/image-transform'

/** How many photos of a saved home are fetched ahead so they show offline (the cover first). */
const PHOTOS_KEPT = 6

/** Fetches a home's photos now, at the sizes the screens show them, so the service worker keeps them for offline viewing. */
export async function keepPhotosOffline(imageUrls: string[]): Promise<void> {
  await Promise.allSettled(
    imageUrls
      .slice(0, PHOTOS_KEPT)
      .flatMap((url, i) => [
        listingImageUrl(url, 'photo'),
        ...(i === 0 ? [listingImageUrl(url, 'card')] : []),
      ])
      .map((url) => fetch(url, { mode: 'cors', credentials: 'same-origin' })),
  )
}
