/** A map's visible area: `[west, south, east, north]` in degrees, as the `bbox` search parameter writes it. */
export type Bbox = [west: number, south: number, east: number, north: number]

/** The search map draws at most this many homes; the rest are counted (`Showing 500 of N homes`). */
export const MAP_HOMES_LIMIT = 500

/** The part of a PostgREST query builder (supabase-js) that the area filter needs. */
type RangeFilterable<Q> = { gte(column: string, value: number): Q; lte(column: string, value: number): Q }

/**
 * Keeps the homes inside `bbox`: `longitude gte west, lte east, latitude gte south, lte north`, which the
 * GiST index listings_area_idx answers. The search map's query is the list's, with this filter added,
 * `select(columns, { count: 'exact' })` for the total and `.limit(MAP_HOMES_LIMIT)`.
 */
export function withinArea<Q extends RangeFilterable<Q>>(query: Q, [west, south, east, north]: Bbox): Q {
  return query.gte('longitude', west).lte('longitude', east).gte('latitude', south).lte('latitude', north)
}

const round = (n: number) => Math.round(n * 1e5) / 1e5

/**
 * A map's bounds as a search area: clamped to the world (a map scrolled past the date line reports
 * longitudes beyond ±180) and rounded to about a metre, so the URL stays short.
 */
export function toBbox(west: number, south: number, east: number, north: number): Bbox {
  const lon = (n: number) => round(Math.max(-180, Math.min(180, n)))
  const lat = (n: number) => round(Math.max(-90, Math.min(90, n)))
  return [lon(west), lat(south), lon(east), lat(north)]
}

/** A price in a marker's few characters: £950, £1.2k, £450k, £1.25m. */
export function compactPrice(price: number): string {
  const trim = (n: number, digits: number) => String(Number(n.toFixed(digits)))
  if (price >= 999_500) return `£${trim(price / 1_000_000, 2)}m`
  if (price >= 100_000) return `£${Math.round(price / 1000)}k`
  if (price >= 1000) return `£${trim(price / 1000, 1)}k`
  return `£${price}`
}
