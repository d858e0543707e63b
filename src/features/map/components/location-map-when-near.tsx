import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { Spinner } from '../../../components/spinner'

// maplibre (~300 kB gzip, plus its worker) is the heaviest thing the app loads: only for a map about to be seen.
const LocationMap = lazy(() => import('./location-map'))

/** How far below the screen the map starts loading, so it is usually drawn by the time it scrolls in. */
const LOAD_AHEAD = '300px'

type LocationMapWhenNearProps = { latitude: number; longitude: number; label: string }

/** The listing's map frame; the map itself loads once the frame comes within LOAD_AHEAD of the screen. */
export function LocationMapWhenNear(props: LocationMapWhenNearProps) {
  const frame = useRef<HTMLDivElement>(null)
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined')

  useEffect(() => {
    const element = frame.current
    if (near || !element) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true)
      },
      { rootMargin: LOAD_AHEAD },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [near])

  return (
    <div ref={frame} className="map-frame">
      {near ? (
        <Suspense fallback={<Spinner />}>
          <LocationMap {...props} />
        </Suspense>
      ) : null}
    </div>
  )
}
