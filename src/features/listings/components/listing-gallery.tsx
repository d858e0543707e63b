import { lazy, Suspense, useRef, useState } from 'react'
import { useAfterFirstImage } from '../hooks/use-after-first-image'
import { GalleryPhoto } from './gallery-photo'
import { OpenPhotoButton } from './open-photo-button'

// Swiper (~30 kB gzip) must not hold back the cover photo: the cover shows on its own, and Swiper loads
// and takes over once it is in. The full-screen view (with Swiper's zoom) loads on the first tap.
const ListingGallerySwiper = lazy(() => import('./listing-gallery-swiper'))
const GalleryViewer = lazy(() => import('./gallery-viewer'))

/** The listing's photos, cover first, in a swipeable gallery with arrows and dots, and a full-screen view. */
export function ListingGallery({ name, imageUrls }: { name: string; imageUrls: string[] }) {
  const { ready, onImageSettled } = useAfterFirstImage()
  const [current, setCurrent] = useState(0)
  const [viewing, setViewing] = useState(false)
  const frame = useRef<HTMLDivElement>(null)
  const [cover] = imageUrls
  if (!cover) return <div className="listing-gallery listing-gallery--empty" aria-hidden="true" />

  const open = (index: number) => {
    setCurrent(index)
    setViewing(true)
  }
  // Back on the page at the photo the person last looked at, with focus on it.
  const close = (index: number) => {
    setCurrent(index)
    setViewing(false)
    requestAnimationFrame(() =>
      frame.current
        ?.querySelector<HTMLButtonElement>(`[data-photo-index="${index}"]`)
        ?.focus({ preventScroll: true }),
    )
  }
  const openProps = { count: imageUrls.length, current, onOpen: open }
  const coverOnly = (
    <div className="listing-gallery">
      <GalleryPhoto
        name={name}
        url={cover}
        index={0}
        count={imageUrls.length}
        onImageSettled={onImageSettled}
      />
      <OpenPhotoButton index={0} {...openProps} />
    </div>
  )
  return (
    <div ref={frame} className="listing-gallery-frame">
      {ready ? (
        <Suspense fallback={coverOnly}>
          <ListingGallerySwiper
            name={name}
            imageUrls={imageUrls}
            onCurrentChange={setCurrent}
            keyboard={!viewing}
            {...openProps}
          />
        </Suspense>
      ) : (
        coverOnly
      )}
      {viewing ? (
        <Suspense fallback={null}>
          <GalleryViewer name={name} imageUrls={imageUrls} start={current} onClose={close} />
        </Suspense>
      ) : null}
    </div>
  )
}
