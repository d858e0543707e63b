import { Link } from '@tanstack/react-router'
import { A11y, Autoplay, Keyboard, Navigation, Pagination } from 'swiper/modules'
import { Swiper, SwiperSlide } from 'swiper/react'
import 'swiper/css'
import 'swiper/css/navigation'
import 'swiper/css/pagination'
import { formatListingPrice } from '../../../utils/format-price'
import type { Listing } from '../types'

/** Spec §9: the slider moves on every 8000 ms and pauses while the pointer is over it. */
const AUTOPLAY_DELAY_MS = 8000

/** The Recommended slider on Explore: the newest listings, each opening its page. */
export function RecommendedSlider({ listings }: { listings: Listing[] }) {
  if (listings.length === 0) return <p className="empty-state">No listings yet. Check back soon.</p>
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
          <Link
            to="/category/$categoryName/$listingId"
            params={{ categoryName: listing.type, listingId: listing.id }}
            className="recommended-slide"
          >
            {listing.imageUrls[0] ? (
              <img
                src={listing.imageUrls[0]}
                alt=""
                width={1200}
                height={675}
                loading={index === 0 ? 'eager' : 'lazy'}
                fetchPriority={index === 0 ? 'high' : 'auto'}
                decoding="async"
                crossOrigin="anonymous"
              />
            ) : null}
            <span className="recommended-slide__caption">
              <span className="recommended-slide__name">{listing.name}</span>
              <span className="recommended-slide__price">{formatListingPrice(listing)}</span>
            </span>
          </Link>
        </SwiperSlide>
      ))}
    </Swiper>
  )
}
