import { setWorkerUrl } from 'maplibre-gl'
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url'
import 'maplibre-gl/dist/maplibre-gl.css'
import './map.css'
import { useMemo } from 'react'
import { Map as MapView, Marker, NavigationControl, Popup } from 'react-map-gl/maplibre'
import { rasterStyle } from './map-style'
import { MapUnavailable, useTileStatus } from './use-tile-status'

// maplibre finds its worker via new URL(…, import.meta.url), which bundling breaks: hand it the emitted asset.
setWorkerUrl(workerUrl)

/** Spec §9: the listing map opens at zoom 13. */
export const MAP_ZOOM = 13

type LocationMapProps = { latitude: number; longitude: number; label: string }

/** An interactive map centred on a listing, with a marker and a popup naming its location. */
export default function LocationMap({ latitude, longitude, label }: LocationMapProps) {
  const mapStyle = useMemo(rasterStyle, [])
  const tiles = useTileStatus()
  return (
    <>
      <MapView
        initialViewState={{ latitude, longitude, zoom: MAP_ZOOM }}
        mapStyle={mapStyle}
        scrollZoom={false}
        cooperativeGestures={false}
        attributionControl={{ compact: false }}
        style={{ width: '100%', height: '100%' }}
        onSourceData={tiles.onSourceData}
        onError={tiles.onError}
      >
        <NavigationControl position="top-right" showCompass={false} />
        <Marker latitude={latitude} longitude={longitude} anchor="bottom" color="#1f5f4a" />
        <Popup
          latitude={latitude}
          longitude={longitude}
          // No fixed side: maplibre puts the label where it fits inside the map, never cut at an edge.
          offset={40}
          closeButton={false}
          closeOnClick={false}
        >
          {label}
        </Popup>
      </MapView>
      <MapUnavailable status={tiles.status} />
    </>
  )
}
