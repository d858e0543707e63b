import { lazy, Suspense, startTransition, useRef, useState } from 'react'
import { GalleryPhoto } from './gallery-photo'
import { OpenPhotoButton } from './open-photo-button'
import { SlideTrack } from './slide-track'

// Swiper (~30 kB gzip, and its start-up work) must not weigh on a first visit: the gallery draws and turns
// without it, and Swiper loads once the person reaches for the gallery (to swipe, say), then takes over at
// the same photo. The full-screen view (with Swiper's zoom) loads on the first tap.
const ListingGallerySwiper = lazy(() => import('./listing-gallery-swiper'))
const GalleryViewer = lazy(() => import('./gallery-viewer'))

/** The listing's photos, cover first, in a swipeable gallery with arrows and dots, and a full-screen view. */
export function ListingGallery({ name, imageUrls }: { name: string; imageUrls: string[] }) {
  const [reached, setReached] = useState(false)
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
  const track = (
    <SlideTrack
      className="listing-gallery"
      label={`Photos of ${name}`}
      count={imageUrls.length}
      current={current}
      onGo={setCurrent}
      onReach={() => startTransition(() => setReached(true))}
      renderSlide={(index) => (
        <>
          <GalleryPhoto name={name} url={imageUrls[index] ?? cover} index={index} count={imageUrls.length} />
          <OpenPhotoButton index={index} {...openProps} />
        </>
      )}
    />
  )
  return (
    <div ref={frame} className="listing-gallery-frame">
      {/* Reaching for it is a transition: the track stays, and keeps taking taps, until Swiper is in. */}
      <Suspense fallback={track}>
        {reached ? (
          <ListingGallerySwiper
            name={name}
            imageUrls={imageUrls}
            onCurrentChange={setCurrent}
            keyboard={!viewing}
            {...openProps}
          />
        ) : (
          track
        )}
      </Suspense>
      {viewing ? (
        <Suspense fallback={null}>
          <GalleryViewer name={name} imageUrls={imageUrls} start={current} onClose={close} />
        </Suspense>
      ) : null}
    </div>
  )
}
