import { lazy, Suspense } from 'react'
import { useAfterFirstImage } from '../hooks/use-after-first-image'
import { GalleryPhoto } from './gallery-photo'

// Swiper (~30 kB gzip) must not hold back the cover photo: the cover shows on its own, and Swiper loads
// and takes over once it is in.
const ListingGallerySwiper = lazy(() => import('./listing-gallery-swiper'))

/** The listing's photos, cover first, in a swipeable gallery with arrows and dots. */
export function ListingGallery({ name, imageUrls }: { name: string; imageUrls: string[] }) {
  const { ready, onImageSettled } = useAfterFirstImage()
  const [cover] = imageUrls
  if (!cover) return <div className="listing-gallery listing-gallery--empty" aria-hidden="true" />
  const coverOnly = (
    <div className="listing-gallery">
      <GalleryPhoto
        name={name}
        url={cover}
        index={0}
        count={imageUrls.length}
        onImageSettled={onImageSettled}
      />
    </div>
  )
  if (!ready) return coverOnly
  return (
    <Suspense fallback={coverOnly}>
      <ListingGallerySwiper name={name} imageUrls={imageUrls} />
    </Suspense>
  )
}
