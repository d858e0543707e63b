// The map tiles of a viewing day's streets, fetched ahead while online so the service worker's tile cache
// (vite.config.ts: CacheFirst on {z}/{x}/{y}) holds them and the route's map draws with no signal.

export type Point = { latitude: number; longitude: number }

/** A home on a viewing day's route, for its map. */
export type RouteStop = Point & { id: string; label: string }

/** The tile (x, y) holding a point at zoom z (Web Mercator, as every raster tile host cuts them). */
export function tileOf(point: Point, z: number): { x: number; y: number } {
  const n = 2 ** z
  const lat = (Math.max(-85.0511, Math.min(85.0511, point.latitude)) * Math.PI) / 180
  const x = Math.floor(((point.longitude + 180) / 360) * n)
  const y = Math.floor(((1 - Math.log(Math.tan(lat) + 1 / Math.cos(lat)) / Math.PI) / 2) * n)
  return { x: Math.min(n - 1, Math.max(0, x)), y: Math.min(n - 1, Math.max(0, y)) }
}

/**
 * The tile addresses around each point, from `minZoom` to `maxZoom`: the point's tile and its eight
 * neighbours (a phone's screen around the home), each once.
 */
export function tileUrls(
  template: string,
  points: readonly Point[],
  minZoom: number,
  maxZoom: number,
): string[] {
  const urls = new Set<string>()
  for (const point of points) {
    for (let z = minZoom; z <= maxZoom; z += 1) {
      const { x, y } = tileOf(point, z)
      const n = 2 ** z
      for (let dx = -1; dx <= 1; dx += 1)
        for (let dy = -1; dy <= 1; dy += 1) {
          const tx = (x + dx + n) % n
          const ty = y + dy
          if (ty < 0 || ty >= n) continue
          urls.add(template.replace('{z}', String(z)).replace('{x}', String(tx)).replace('{y}', String(ty)))
        }
    }
  }
  return [...urls]
}

/** Fetches the tiles (a few at a time); those already cached come from the cache. Never throws. */
export async function warmTiles(urls: readonly string[], concurrency = 4): Promise<number> {
  let next = 0
  let fetched = 0
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < urls.length) {
        const url = urls[next] ?? ''
        next += 1
        const response = await fetch(url).catch(() => null)
        if (response?.ok) fetched += 1
        await response?.body?.cancel().catch(() => undefined)
      }
    }),
  )
  return fetched
}
