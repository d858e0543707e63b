import type { Context } from 'hono'
import { gbGazetteer } from '../../core/geocode/gazetteer'
import { geoapifyGeoJson, geoapifyJson } from '../../core/geocode/geoapify-response'
import { MAX_RESULTS, matchAddress } from '../../core/geocode/match-address'
import { isProjectKey } from '../caller'
import type { StackDeps } from '../deps'

/**
 * GET /geocode/v1/search?text=&format=json&apiKey= — Geoapify's forward geocoding, answered from the
 * GB places of GeoNames. The key must be one of this project's keys, as Geoapify checks its own.
 */
export async function searchAddress(c: Context, deps: StackDeps) {
  const apiKey = c.req.query('apiKey')
  if (!apiKey || !(await isProjectKey(apiKey, deps.config))) {
    return c.json({ statusCode: 401, error: 'Unauthorized', message: 'Invalid apiKey' }, 401)
  }
  const text = c.req.query('text')?.trim()
  if (!text) {
    return c.json({ statusCode: 400, error: 'Bad Request', message: '"text" is required' }, 400)
  }
  const requested = Number(c.req.query('limit') ?? MAX_RESULTS)
  const limit = Number.isInteger(requested) && requested > 0 ? Math.min(requested, MAX_RESULTS) : MAX_RESULTS
  const matches = matchAddress(text, gbGazetteer(), limit)
  return c.json(
    c.req.query('format') === 'json' ? geoapifyJson(text, matches) : geoapifyGeoJson(text, matches),
  )
}
