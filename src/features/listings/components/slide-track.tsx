import { type KeyboardEvent, type PointerEvent, type ReactNode, useRef } from 'react'
// Swiper's own styles, with the screen's: the track below wears Swiper's classes, so it looks and sits
// exactly as Swiper will when it takes over (no shift, no flash).
import 'swiper/css'
import 'swiper/css/navigation'
import 'swiper/css/pagination'
import { prefersReducedMotion } from './slider-motion'

/** How far a finger must travel sideways (px) to turn a slide. */
const SWIPE_PX = 40
/** Swiper's default speed, so a turn looks the same before and after Swiper takes over. */
const TURN_MS = 300

/** Swiper's navigation arrow (it turns the previous one around), so both look alike. */
function Arrow() {
  return (
    <svg className="swiper-navigation-icon" width="11" height="20" viewBox="0 0.28 11 20" aria-hidden="true">
      <path
        fill="currentColor"
        d="M0.38296 20.0762C0.111788 19.805 0.111788 19.3654 0.38296 19.0942L9.19758 10.2796L0.38296 1.46497C0.111788 1.19379 0.111788 0.754138 0.38296 0.482966C0.654131 0.211794 1.09379 0.211794 1.36496 0.482966L10.4341 9.55214C10.8359 9.9539 10.8359 10.6053 10.4341 11.007L1.36496 20.0762C1.09379 20.3474 0.654131 20.3474 0.38296 20.0762Z"
      />
    </svg>
  )
}

type SlideTrackProps = {
  /** The slider's own class (its look), beside Swiper's. */
  className: string
  /** What the slider is, for screen readers: a named region (as Swiper's a11y containerRole and containerMessage). */
  label: string
  count: number
  current: number
  onGo: (index: number) => void
  /** The person reached for the slider (pointer, touch, focus, key): time to bring in Swiper. */
  onReach: () => void
  renderSlide: (index: number) => ReactNode
  /** Drawn before the slides, as Swiper's `container-start` slot. */
  start?: ReactNode
  /** Past the last slide comes the first (Swiper's `rewind`); otherwise the arrows stop at the ends. */
  rewind?: boolean
}

/**
 * A slider without Swiper: the slides in a row, moved by arrows, dots, a swipe or the arrow keys, with
 * Swiper's markup, names and roles. A first visit draws and moves its slider with this, and Swiper
 * (~30 kB gzip, and its start-up work) loads only once the person reaches for the slider, then takes
 * over at the same slide.
 */
export function SlideTrack({
  className,
  label,
  count,
  current,
  onGo,
  onReach,
  renderSlide,
  start,
  rewind = false,
}: SlideTrackProps) {
  const swipe = useRef<{ x: number; turned: boolean } | null>(null)
  const go = (index: number) =>
    onGo(rewind ? (index + count) % count : Math.min(Math.max(index, 0), count - 1))
  // As Swiper marks an arrow that cannot move: still named and in place, but inactive.
  const stoppedAt = (end: number) => !rewind && current === end

  const onPointerDown = (event: PointerEvent) => {
    onReach()
    swipe.current = { x: event.clientX, turned: false }
  }
  const onPointerUp = (event: PointerEvent) => {
    const from = swipe.current
    if (!from) return
    const dx = event.clientX - from.x
    if (Math.abs(dx) < SWIPE_PX) return
    from.turned = true
    go(dx < 0 ? current + 1 : current - 1)
  }
  const onKeyDown = (event: KeyboardEvent) => {
    onReach()
    if (event.key === 'ArrowRight') go(current + 1)
    else if (event.key === 'ArrowLeft') go(current - 1)
  }

  return (
    <section
      className={`swiper swiper-horizontal ${className}`}
      aria-label={label}
      onPointerEnter={onReach}
      onPointerDown={onPointerDown}
      onPointerUp={onPointerUp}
      onFocus={onReach}
      onKeyDown={onKeyDown}
      // A swipe across a slide's link turns the slide; it does not follow the link.
      onClickCapture={(event) => {
        if (swipe.current?.turned) event.preventDefault()
        swipe.current = null
      }}
    >
      {start}
      <div
        className="swiper-wrapper"
        style={{
          transform: `translate3d(${-100 * current}%, 0, 0)`,
          transitionDuration: prefersReducedMotion() ? '0ms' : `${TURN_MS}ms`,
        }}
      >
        {Array.from({ length: count }, (_, index) => (
          // biome-ignore lint/a11y/useSemanticElements: Swiper's slide role (a11y slideRole 'group'), kept when it takes over
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: a slide is its place in the row
            key={index}
            className="swiper-slide"
            role="group"
            aria-label={`${index + 1} / ${count}`}
            // Tabbing to a slide's link brings that slide into view, as Swiper does.
            onFocus={() => index !== current && onGo(index)}
          >
            {renderSlide(index)}
          </div>
        ))}
      </div>
      {count > 1 ? (
        <>
          <button
            type="button"
            className={`swiper-button-prev${stoppedAt(0) ? ' swiper-button-disabled' : ''}`}
            aria-disabled={stoppedAt(0) || undefined}
            aria-label="Previous slide"
            onClick={() => go(current - 1)}
          >
            <Arrow />
          </button>
          <button
            type="button"
            className={`swiper-button-next${stoppedAt(count - 1) ? ' swiper-button-disabled' : ''}`}
            aria-disabled={stoppedAt(count - 1) || undefined}
            aria-label="Next slide"
            onClick={() => go(current + 1)}
          >
            <Arrow />
          </button>
        </>
      ) : null}
      <div className="swiper-pagination swiper-pagination-clickable swiper-pagination-bullets swiper-pagination-horizontal">
        {Array.from({ length: count }, (_, index) => (
          <button
            // biome-ignore lint/suspicious/noArrayIndexKey: a dot is its slide's place
            key={index}
            type="button"
            className={`swiper-pagination-bullet${index === current ? ' swiper-pagination-bullet-active' : ''}`}
            aria-label={`Go to slide ${index + 1}`}
            aria-current={index === current ? 'true' : undefined}
            onClick={() => go(index)}
          />
        ))}
      </div>
    </section>
  )
}
