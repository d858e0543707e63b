import { A11y, Autoplay, Keyboard, Navigation, Pagination } from 'swiper/modules'
import { Swiper, SwiperSlide } from 'swiper/react'
import 'swiper/css'
import 'swiper/css/navigation'
import 'swiper/css/pagination'
import type { Listing } from '../../../types/listing'
import { RecommendedSlide } from './recommended-slide'

/** Spec §9: the slider moves on every 8000 ms and pauses while the pointer is over it. */
const AUTOPLAY_DELAY_MS = 8000

/** The Recommended slides in Swiper: autoplay, arrows, dots and keys. */
export default function RecommendedSwiper({ listings }: { listings: Listing[] }) {
  return (
    <Swiper
      className="recommended-slider"
      modules={[A11y, Autoplay, Keyboard, Navigation, Pagination]}
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
    </Swiper>
  )
}
