import { useEffect, useState } from 'react'
import type { Swiper as SwiperInstance } from 'swiper'
import { A11y, Autoplay, Keyboard, Navigation, Pagination } from 'swiper/modules'
import { Swiper, SwiperSlide } from 'swiper/react'
import 'swiper/css'
import 'swiper/css/navigation'
import 'swiper/css/pagination'
import type { Listing } from '../../../types/listing'
import { RecommendedSlide } from './recommended-slide'

/** Spec §9: the slider moves on every 8000 ms and pauses while the pointer is over it. */
const AUTOPLAY_DELAY_MS = 8000

const prefersReducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches

/**
 * The Recommended slides in Swiper: autoplay, arrows, dots and keys. Anything that moves on its own
 * for more than 5 s needs a way to stop it (WCAG 2.2.2), and it starts stopped for people who ask
 * their device for reduced motion.
 */
export default function RecommendedSwiper({ listings }: { listings: Listing[] }) {
  const [swiper, setSwiper] = useState<SwiperInstance | null>(null)
  const [playing, setPlaying] = useState(() => !prefersReducedMotion())

  useEffect(() => {
    if (!swiper?.autoplay) return
    if (playing) swiper.autoplay.start()
    else swiper.autoplay.stop()
  }, [swiper, playing])

  return (
    <Swiper
      className="recommended-slider"
      modules={[A11y, Autoplay, Keyboard, Navigation, Pagination]}
      onSwiper={setSwiper}
      slidesPerView={1}
      rewind
      autoplay={{ delay: AUTOPLAY_DELAY_MS, pauseOnMouseEnter: true, disableOnInteraction: false }}
      pagination={{ clickable: true }}
      navigation
      keyboard={{ enabled: true, onlyInViewport: true }}
      a11y={{ containerMessage: 'Recommended listings', slideRole: 'group' }}
    >
      {listings.map((listing, index) => (
        <SwiperSlide key={listing.id}>
          <RecommendedSlide listing={listing} first={index === 0} />
        </SwiperSlide>
      ))}
      <button
        slot="container-start"
        type="button"
        className="slider-autoplay-toggle"
        aria-label={playing ? 'Pause slideshow' : 'Play slideshow'}
        onClick={() => setPlaying((now) => !now)}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          {playing ? (
            <path fill="currentColor" d="M7 5h3.5v14H7zM13.5 5H17v14h-3.5z" />
          ) : (
            <path fill="currentColor" d="M8 5.5v13l11-6.5z" />
          )}
        </svg>
      </button>
    </Swiper>
  )
}
