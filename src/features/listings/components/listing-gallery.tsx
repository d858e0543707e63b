import { lazy, Suspense } from 'react'
import { GalleryPhoto } from './gallery-photo'

// Swiper (~30 kB gzip) must not hold back the cover photo: the cover shows first, Swiper takes over once loaded.
const ListingGallerySwiper = lazy(() => import('./listing-gallery-swiper'))

/** The listing's photos, cover first, in a swipeable gallery with arrows and dots. */
export function ListingGallery({ name, imageUrls }: { name: string; imageUrls: string[] }) {
  const [cover] = imageUrls
  if (!cover) return <div className="listing-gallery listing-gallery--empty" aria-hidden="true" />
  return (
    <Suspense
      fallback={
        <div className="listing-gallery">
          <GalleryPhoto name={name} url={cover} index={0} count={imageUrls.length} />
        </div>
      }
    >
      <ListingGallerySwiper name={name} imageUrls={imageUrls} />
    </Suspense>
  )
}
