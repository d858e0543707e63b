import type { StyleSpecification } from 'maplibre-gl'
import { env } from '../../../config/env'

/** The app's raster basemap: the configured tiles (the local stack's own by default) with their attribution. */
export function rasterStyle(): StyleSpecification {
  return {
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
  }
}
