import type { ErrorEvent, MapSourceDataEvent } from 'maplibre-gl'
import { useCallback, useState } from 'react'

export type TileStatus = 'loading' | 'drawn' | 'unavailable'

/**
 * Whether the basemap could draw: 'unavailable' once a tile failed (offline and not cached, provider down)
 * while none has drawn, so the frame can say so instead of staying grey.
 */
export function useTileStatus() {
  const [status, setStatus] = useState<TileStatus>('loading')
  const onSourceData = useCallback((event: MapSourceDataEvent) => {
    if (event.sourceId === 'tiles' && event.tile) setStatus('drawn')
  }, [])
  const onError = useCallback((event: ErrorEvent & { sourceId?: string }) => {
    if (event.sourceId === 'tiles') setStatus((current) => (current === 'drawn' ? current : 'unavailable'))
  }, [])
  return { status, onSourceData, onError }
}

/** Says, inside the map's frame, that the map cannot be drawn; the rest of the page carries on. */
export function MapUnavailable({ status }: { status: TileStatus }) {
  if (status !== 'unavailable') return null
  return (
    <p className="map-unavailable" role="status">
      {navigator.onLine ? 'Map unavailable right now' : 'Map unavailable offline'}
    </p>
  )
}
