import path from 'node:path'
import { Hono } from 'hono'
import { PROJECT_DIR } from '../config'
import { tileStore } from './tile-store'

/** Attribution the map shows for these tiles. */
export const TILE_ATTRIBUTION = 'Made with Natural Earth · Places © GeoNames (CC BY 4.0)'

/**
 * Routes under /tiles/v1: raster map tiles ({z}/{x}/{y}.png, 256 px, Web Mercator) of Natural Earth
 * land and coastlines with GeoNames place names, drawn on first request and kept in .local/tiles. They
 * depend on no data of the stack, so every stack of the checkout (start, tests, bench) shares them.
 */
export function tileRoutes(dir = path.join(PROJECT_DIR, '.local', 'tiles')): Hono {
  const app = new Hono()
  const store = tileStore(dir)
  app.get('/:z/:x/:file', async (c) => {
    const match = /^(\d+)\.png$/.exec(c.req.param('file'))
    const [z, x, y] = [Number(c.req.param('z')), Number(c.req.param('x')), Number(match?.[1])]
    const png = match && /^\d+$/.test(c.req.param('z') + c.req.param('x')) ? await store.get(z, x, y) : null
    if (!png) return c.json({ message: 'No such tile' }, 404)
    return c.body(new Uint8Array(png), 200, {
      'Content-Type': 'image/png',
      // Tiles of open data change only with a new drawing version: let browsers and caches keep them.
      'Cache-Control': 'public, max-age=604800',
    })
  })
  app.all('*', (c) => c.json({ message: 'Not Found' }, 404))
  return app
}
