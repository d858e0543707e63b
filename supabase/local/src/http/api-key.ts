import type { MiddlewareHandler } from 'hono'
import type { StackConfig } from '../config'
import { apiKeyOf, isProjectKey } from './caller'

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
