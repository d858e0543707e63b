import type { PlaceMatch } from './match-address'

/** GeoNames data is CC BY 4.0: every answer credits it. */
export const GEONAMES_ATTRIBUTION = '© GeoNames (CC BY 4.0)'

/** One result in Geoapify's `format=json` shape. */
export function geoapifyResult({ place, confidence }: PlaceMatch) {
  return {
    name: place.name,
    city: place.name,
    state: place.nation,
    country: 'United Kingdom',
    country_code: 'gb',
    lat: place.lat,
    lon: place.lon,
    formatted: [place.name, place.nation, 'United Kingdom'].filter(Boolean).join(', '),
    address_line1: place.name,
    address_line2: [place.nation, 'United Kingdom'].filter(Boolean).join(', '),
    result_type: 'city',
    rank: { confidence, match_type: 'inner_part' },
  }
}

/** Geoapify's `format=json` answer. */
export function geoapifyJson(text: string, matches: PlaceMatch[]) {
  return { results: matches.map(geoapifyResult), query: { text }, attribution: GEONAMES_ATTRIBUTION }
}

/** Geoapify's default answer: a GeoJSON FeatureCollection. */
export function geoapifyGeoJson(text: string, matches: PlaceMatch[]) {
  return {
    type: 'FeatureCollection',
    features: matches.map((match) => ({
      type: 'Feature',
      properties: geoapifyResult(match),
      geometry: { type: 'Point', coordinates: [match.place.lon, match.place.lat] },
    })),
    query: { text },
    attribution: GEONAMES_ATTRIBUTION,
  }
}
