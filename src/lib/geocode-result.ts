/** The point an address geocodes to, or null when the geocoder found nothing (spec §7: results length, results[0].lat/lon). */
export function firstGeocodeResult(body: unknown): { lat: number; lng: number } | null {
  if (typeof body !== 'object' || body === null) return null
  const results = (body as { results?: unknown }).results
  if (!Array.isArray(results) || results.length === 0) return null
  const first = results[0] as { lat?: unknown; lon?: unknown } | null
  if (!first || typeof first.lat !== 'number' || typeof first.lon !== 'number') return null
  if (!Number.isFinite(first.lat) || !Number.isFinite(first.lon)) return null
  return { lat: first.lat, lng: first.lon }
}
