import { lazy, Suspense } from 'react'
import type { Listing } from '../types'
import { RecommendedSlide } from './recommended-slide'

// Swiper (~30 kB gzip) must not hold back Explore's first paint: the first slide shows without it.
const RecommendedSwiper = lazy(() => import('./recommended-swiper'))

/** The Recommended slider on Explore: the newest listings, each opening its page. */
export function RecommendedSlider({ listings }: { listings: Listing[] }) {
  const [first] = listings
  if (!first) return <p className="empty-state">No listings yet. Check back soon.</p>
  return (
    <Suspense
      fallback={
        <div className="recommended-slider">
          <RecommendedSlide listing={first} first />
        </div>
      }
    >
      <RecommendedSwiper listings={listings} />
    </Suspense>
  )
}
