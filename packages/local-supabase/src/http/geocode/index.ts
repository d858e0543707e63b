import { Hono } from 'hono'
import type { StackDeps } from '../deps'
import { searchAddress } from './search'

/** Routes under /geocode/v1: a Geoapify-compatible address search. */
export function geocodeRoutes(deps: StackDeps): Hono {
  const app = new Hono()
  app.get('/search', (c) => searchAddress(c, deps))
  app.all('*', (c) => c.json({ statusCode: 404, error: 'Not Found', message: 'Not Found' }, 404))
  return app
}
