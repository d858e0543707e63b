import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { Button } from '../../../components/button'
import { Spinner } from '../../../components/spinner'

// maplibre (~300 kB gzip, plus its worker) is the heaviest thing the app loads: only for a map about to be seen.
const LocationMap = lazy(() => import('./location-map'))

/**
 * Starts the map once half its frame is on screen. On phones the frame's top already peeks into the first
 * screen, so loading ahead of it (a root margin) would start maplibre with every listing page.
 */
const VISIBLE_SHARE = 0.5

type LocationMapWhenSeenProps = { latitude: number; longitude: number; label: string }

/** The listing's map frame; the map loads when the frame is scrolled into view, or when asked for. */
export function LocationMapWhenSeen(props: LocationMapWhenSeenProps) {
  const frame = useRef<HTMLDivElement>(null)
  const [wanted, setWanted] = useState(() => typeof IntersectionObserver === 'undefined')

  useEffect(() => {
    const element = frame.current
    if (wanted || !element) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.intersectionRatio >= VISIBLE_SHARE)) setWanted(true)
      },
      { threshold: VISIBLE_SHARE },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [wanted])

  return (
    <div ref={frame} className="map-frame">
      {wanted ? (
        <Suspense fallback={<Spinner />}>
          <LocationMap {...props} />
        </Suspense>
      ) : (
        <Button variant="secondary" onClick={() => setWanted(true)}>
          Show map
        </Button>
      )}
    </div>
  )
}
