import { lazy, Suspense } from 'react'
import type { Listing } from '../../../types/listing'
import { useAfterFirstImage } from '../hooks/use-after-first-image'
import { RecommendedSlide } from './recommended-slide'

// Swiper (~30 kB gzip) must not hold back Explore's largest paint: the first slide shows on its own, and
// Swiper loads once its photo is in.
const RecommendedSwiper = lazy(() => import('./recommended-swiper'))

/** The Recommended slider on Explore: the newest listings, each opening its page. */
export function RecommendedSlider({ listings }: { listings: Listing[] }) {
  const { ready, onImageSettled } = useAfterFirstImage()
  const [first] = listings
  if (!first) return <p className="empty-state">No listings yet. Check back soon.</p>
  const firstSlide = (
    <div className="recommended-slider">
      <RecommendedSlide listing={first} first onImageSettled={onImageSettled} />
    </div>
  )
  if (!ready) return firstSlide
  return (
    <Suspense fallback={firstSlide}>
      <RecommendedSwiper listings={listings} />
    </Suspense>
  )
}
