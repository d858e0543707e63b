import { useEffect, useState } from 'react'
import type { Listing } from '../../../types/listing'
import { AutoplayToggle } from './autoplay-toggle'
import { RecommendedSlide } from './recommended-slide'
import { SlideTrack } from './slide-track'
import { AUTOPLAY_DELAY_MS, prefersReducedMotion } from './slider-motion'
import { useSwiperTakeover } from './use-swiper-takeover'
import './explore.css'

// Swiper (~30 kB gzip, and its start-up work) must not weigh on a first visit: the slider draws, turns and
// autoplays without it, and Swiper loads once the person reaches for the slider (to swipe, say).
const loadSwiper = () => import('./recommended-swiper')

/** The Recommended slider on Explore: the newest listings, each opening its page. */
export function RecommendedSlider({ listings }: { listings: Listing[] }) {
  const [current, setCurrent] = useState(0)
  const { Swiper, reach, frame } = useSwiperTakeover(loadSwiper)
  const reached = Swiper !== null
  const [playing, setPlaying] = useState(() => !prefersReducedMotion())
  const count = listings.length

  // Autoplay before Swiper: one step every AUTOPLAY_DELAY_MS, counted afresh after any turn.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `current` restarts the count after a turn
  useEffect(() => {
    if (!playing || reached || count < 2) return
    const timer = window.setTimeout(() => setCurrent((now) => (now + 1) % count), AUTOPLAY_DELAY_MS)
    return () => window.clearTimeout(timer)
  }, [playing, reached, count, current])

  if (count === 0) return <p className="empty-state">No listings yet. Check back soon.</p>
  const toggle = (
    <AutoplayToggle slot="container-start" playing={playing} onToggle={() => setPlaying((now) => !now)} />
  )
  const track = (
    <SlideTrack
      className="recommended-slider"
      label="Recommended listings"
      count={count}
      current={current}
      onGo={setCurrent}
      onReach={reach}
      start={toggle}
      rewind
      renderSlide={(index) => {
        const listing = listings[index]
        return listing ? <RecommendedSlide listing={listing} first={index === 0} /> : null
      }}
    />
  )
  // The track stays, and keeps taking taps, until Swiper is in.
  return (
    <div className="slider-frame" {...frame}>
      {Swiper ? (
        <Swiper
          listings={listings}
          initialSlide={current}
          onSlideChange={setCurrent}
          playing={playing}
          start={toggle}
        />
      ) : (
        track
      )}
    </div>
  )
}
