import type { MiddlewareHandler } from 'hono'
import type { StackConfig } from '../config'
import { RestError } from '../core/rest/errors'
import { parseFilter } from '../core/rest/filter'
import { apiKeyOf, isProjectKey } from './caller'
import { sendError } from './rest/respond'

/**
 * Refuses requests without a valid project API key, as hosted Supabase's gateway does. `open` lists
 * paths that work without one (email links, OAuth redirects, public objects).
 */
export function requireApiKey(config: StackConfig, open: RegExp[]): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method === 'OPTIONS' || open.some((pattern) => pattern.test(c.req.path))) return next()
    const key = apiKeyOf(c)
    if (!key) {
      return c.json(
        {
          message: 'No API key found in request',
          hint: 'No `apikey` request header or url param was found.',
        },
        401,
      )
    }
    if (!(await isProjectKey(key, config))) {
      return c.json(
        { message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' },
        401,
      )
    }
    return next()
  }
}

/**
 * What PostgREST does with an `apikey` query parameter a gateway passed on to it (the Supabase CLI's stack,
 * self-hosted Supabase): it reads it as a filter on a column `apikey`, which a key never parses as, and
 * answers with its PGRST100.
 */
export const passQueryApiKeyOn: MiddlewareHandler = async (c, next) => {
  const key = c.req.query('apikey')
  if (key === undefined) return next()
  try {
    parseFilter('apikey', key)
  } catch (error) {
    if (error instanceof RestError) return sendError(c, error)
    throw error
  }
  return next()
}
