import { useEffect, useRef, useState } from 'react'
import type { Swiper as SwiperInstance } from 'swiper'
import { A11y, Keyboard, Navigation, Zoom } from 'swiper/modules'
import { Swiper, SwiperSlide } from 'swiper/react'
import 'swiper/css'
import 'swiper/css/navigation'
import 'swiper/css/zoom'
import { CloseIcon } from '../../../components/icons'
import { listingImageUrl } from '../../../lib/image-transform'
import './listing-page.css'

type GalleryViewerProps = {
  name: string
  imageUrls: string[]
  /** The photo to open at. */
  start: number
  /** Called with the photo shown last, when Escape, the close button or the back gesture closes the view. */
  onClose: (index: number) => void
}

/**
 * The photos full screen, in a modal dialog (focus stays inside, Escape closes): swipe or arrow keys move
 * between them, pinch or double-tap zooms, and the count says where you are.
 */
export default function GalleryViewer({ name, imageUrls, start, onClose }: GalleryViewerProps) {
  const dialog = useRef<HTMLDialogElement>(null)
  const [current, setCurrent] = useState(start)
  const shown = useRef(start)
  const closed = useRef(onClose)
  closed.current = onClose

  useEffect(() => {
    const element = dialog.current
    if (!element) return
    element.showModal()
    // A close that lands while the dialog is open again is a stale one: the dialog closed by an effect's
    // cleanup and reopened at once (React's StrictMode mounts twice) dispatches its close event later.
    const onDialogClose = () => {
      if (!element.open) closed.current(shown.current)
    }
    element.addEventListener('close', onDialogClose)
    return () => {
      element.removeEventListener('close', onDialogClose)
      if (element.open) element.close()
    }
  }, [])

  const onSlideChange = (swiper: SwiperInstance) => {
    shown.current = swiper.activeIndex
    setCurrent(swiper.activeIndex)
  }

  return (
    <dialog ref={dialog} className="gallery-viewer" aria-label={`Photos of ${name}`}>
      <div className="gallery-viewer__bar">
        <p className="gallery-viewer__count" aria-live="polite">
          {`${current + 1} / ${imageUrls.length}`}
        </p>
        <button
          type="button"
          className="icon-button gallery-viewer__close"
          aria-label="Close photos"
          onClick={() => dialog.current?.close()}
        >
          <CloseIcon size={22} />
        </button>
      </div>
      <Swiper
        className="gallery-viewer__photos"
        modules={[A11y, Keyboard, Navigation, Zoom]}
        slidesPerView={1}
        initialSlide={start}
        zoom={{ maxRatio: 4 }}
        navigation={imageUrls.length > 1}
        keyboard={{ enabled: true }}
        a11y={{ slideRole: 'group' }}
        onSlideChange={onSlideChange}
      >
        {imageUrls.map((url, index) => (
          <SwiperSlide key={url} zoom>
            <img
              src={listingImageUrl(url, 'photo')}
              alt={`${name} (${index + 1} of ${imageUrls.length})`}
              decoding="async"
              crossOrigin="anonymous"
            />
          </SwiperSlide>
        ))}
      </Swiper>
    </dialog>
  )
}
