import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { CHOSEN_TIME_PARAM } from '../chosen-time'

const BookingPanel = lazy(() => import('./booking-panel'))

/**
 * `Book a viewing` on a listing's page, for anyone but its landlord. The panel (its times, its calls) loads
 * once the section comes near the screen, never with the page's first render; at once for a visitor who comes
 * back from signing in to the time they chose (the panel then shows them that time).
 */
export function BookViewing({ listingId, viewerId }: { listingId: string; viewerId: string | null }) {
  const section = useRef<HTMLElement>(null)
  const [seen, setSeen] = useState(() => new URLSearchParams(location.search).has(CHOSEN_TIME_PARAM))
  useEffect(() => {
    const node = section.current
    if (!node || seen) return
    if (typeof IntersectionObserver === 'undefined') {
      setSeen(true)
      return
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setSeen(true)
      },
      { rootMargin: '200px' },
    )
    observer.observe(node)
    return () => observer.disconnect()
  }, [seen])
  return (
    <section ref={section} className="book-viewing" aria-labelledby="book-viewing-title">
      <h2 id="book-viewing-title" className="section-title">
        Book a viewing
      </h2>
      {seen ? (
        <Suspense fallback={<p className="book-viewing__note">Loading times…</p>}>
          <BookingPanel listingId={listingId} viewerId={viewerId} />
        </Suspense>
      ) : null}
    </section>
  )
}
