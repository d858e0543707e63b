import { setWorkerUrl } from 'maplibre-gl'
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url'
import 'maplibre-gl/dist/maplibre-gl.css'
import type { StyleSpecification } from 'maplibre-gl'
import { useMemo } from 'react'
import { Map as MapView, Marker } from 'react-map-gl/maplibre'
import { env } from '../../../config/env'
import type { RouteStop } from '../tile-warming'

// maplibre finds its worker via new URL(…, import.meta.url), which bundling breaks: hand it the emitted asset.
setWorkerUrl(workerUrl)

const style = (): StyleSpecification => ({
  version: 8,
  sources: {
    tiles: {
      type: 'raster',
      tiles: [env.mapTiles],
      tileSize: 256,
      attribution: env.mapAttribution,
      maxzoom: env.mapMaxZoom,
    },
  },
  layers: [
    { id: 'background', type: 'background', paint: { 'background-color': '#e8ece9' } },
    { id: 'tiles', type: 'raster', source: 'tiles' },
  ],
})

/** A day's homes on one map, numbered in time order, framed to hold them all. */
export default function RouteMap({ stops }: { stops: RouteStop[] }) {
  const mapStyle = useMemo(style, [])
  const lats = stops.map((s) => s.latitude)
  const lngs = stops.map((s) => s.longitude)
  const pad = 0.004
  const bounds: [number, number, number, number] = [
    Math.min(...lngs) - pad,
    Math.min(...lats) - pad,
    Math.max(...lngs) + pad,
    Math.max(...lats) + pad,
  ]
  return (
    <MapView
      initialViewState={{ bounds, fitBoundsOptions: { padding: 32, maxZoom: 15 } }}
      mapStyle={mapStyle}
      scrollZoom={false}
      attributionControl={{ compact: true }}
      style={{ width: '100%', height: '100%' }}
    >
      {stops.map((stop, index) => (
        <Marker key={stop.id} latitude={stop.latitude} longitude={stop.longitude} anchor="bottom">
          <span className="route-map__stop" title={stop.label}>
            {index + 1}
          </span>
        </Marker>
      ))}
    </MapView>
  )
}
