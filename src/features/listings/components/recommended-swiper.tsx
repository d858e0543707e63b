import { type ReactNode, useEffect, useState } from 'react'
import type { Swiper as SwiperInstance } from 'swiper'
import { A11y, Autoplay, Keyboard, Navigation, Pagination } from 'swiper/modules'
import { Swiper, SwiperSlide } from 'swiper/react'
import type { Listing } from '../../../types/listing'
import { RecommendedSlide } from './recommended-slide'
import { AUTOPLAY_DELAY_MS } from './slider-motion'

type RecommendedSwiperProps = {
  listings: Listing[]
  /** The slide the slider showed before Swiper took over. */
  initialSlide: number
  onSlideChange: (index: number) => void
  playing: boolean
  /** The pause/play button, drawn at the container's start. */
  start: ReactNode
}

/** The Recommended slides in Swiper: autoplay, arrows, dots, keys and swipes. */
export default function RecommendedSwiper({
  listings,
  initialSlide,
  onSlideChange,
  playing,
  start,
}: RecommendedSwiperProps) {
  const [swiper, setSwiper] = useState<SwiperInstance | null>(null)

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
      onSlideChange={(instance) => onSlideChange(instance.realIndex)}
      initialSlide={initialSlide}
      slidesPerView={1}
      rewind
      autoplay={{ delay: AUTOPLAY_DELAY_MS, pauseOnMouseEnter: true, disableOnInteraction: false }}
      pagination={{ clickable: true }}
      navigation
      keyboard={{ enabled: true, onlyInViewport: true }}
      a11y={{ containerRole: 'region', containerMessage: 'Recommended listings', slideRole: 'group' }}
    >
      {listings.map((listing, index) => (
        <SwiperSlide key={listing.id}>
          <RecommendedSlide listing={listing} first={index === 0} />
        </SwiperSlide>
      ))}
      {start}
    </Swiper>
  )
}
