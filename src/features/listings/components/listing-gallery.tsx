import { lazy, Suspense, useState } from 'react'
import { GalleryPhoto } from './gallery-photo'
import { OpenPhotoButton } from './open-photo-button'
import { SlideTrack } from './slide-track'
import { useSwiperTakeover } from './use-swiper-takeover'
import './listing-page.css'

// Swiper (~30 kB gzip, and its start-up work) must not weigh on a first visit: the gallery draws and turns
// without it, and Swiper loads once the person reaches for the gallery (to swipe, say), then takes over at
// the same photo. The full-screen view (with Swiper's zoom) loads on the first tap.
const loadSwiper = () => import('./listing-gallery-swiper')
const GalleryViewer = lazy(() => import('./gallery-viewer'))

/** The listing's photos, cover first, in a swipeable gallery with arrows and dots, and a full-screen view. */
export function ListingGallery({ name, imageUrls }: { name: string; imageUrls: string[] }) {
  const { Swiper, reach, frame } = useSwiperTakeover(loadSwiper)
  const [current, setCurrent] = useState(0)
  const [viewing, setViewing] = useState(false)
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
      frame.ref.current
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
      onReach={reach}
      renderSlide={(index) => (
        <>
          <GalleryPhoto name={name} url={imageUrls[index] ?? cover} index={index} count={imageUrls.length} />
          <OpenPhotoButton index={index} {...openProps} />
        </>
      )}
    />
  )
  return (
    <div className="listing-gallery-frame" {...frame}>
      {/* The track stays, and keeps taking taps, until Swiper is in. */}
      {Swiper ? (
        <Swiper
          name={name}
          imageUrls={imageUrls}
          onCurrentChange={setCurrent}
          keyboard={!viewing}
          {...openProps}
        />
      ) : (
        track
      )}
      {viewing ? (
        <Suspense fallback={null}>
          <GalleryViewer name={name} imageUrls={imageUrls} start={current} onClose={close} />
        </Suspense>
      ) : null}
    </div>
  )
}
