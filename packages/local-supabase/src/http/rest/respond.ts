import type { Context } from 'hono'
import type { ContentfulStatusCode, StatusCode } from 'hono/utils/http-status'
import { fromPgError, RestError } from '../../core/rest/errors'
import type { BodyShape } from '../../core/rest/sql-text'
import { DatabaseUnavailable, isConnectionLoss } from '../../db/database'

export const JSON_TYPE = 'application/json; charset=utf-8'
export const OBJECT_TYPE = 'application/vnd.pgrst.object+json; charset=utf-8'

/** The Content-Type of a body of the given shape. */
export function bodyType(shape: BodyShape): string {
  if (shape.format === 'csv') return 'text/csv; charset=utf-8'
  if (shape.format === 'geojson') return 'application/geo+json; charset=utf-8'
  return shape.singular ? OBJECT_TYPE : JSON_TYPE
}

/** A PostgREST error response: `{code, details, hint, message}` and `Proxy-Status`. */
export function sendError(c: Context, error: RestError): Response {
  const headers: Record<string, string> = {
    'Content-Type': JSON_TYPE,
    'Proxy-Status': `PostgREST; error=${error.body.code}`,
  }
  if (error.status === 401) {
    headers['WWW-Authenticate'] = error.body.code.startsWith('PGRST3')
      ? `Bearer error="invalid_token", error_description="${error.body.message}"`
      : 'Bearer'
  }
  return c.body(JSON.stringify(error.body), error.status as ContentfulStatusCode, headers)
}

/** Maps whatever a request threw to PostgREST's answer; only an unexpected bug gives a 500. */
export function sendFailure(c: Context, error: unknown, anonymous: boolean): Response {
  if (error instanceof RestError) return sendError(c, error)
  if (error instanceof DatabaseUnavailable && error.reason === 'pool_timeout') {
    return sendError(
      c,
      new RestError(504, { code: 'PGRST003', details: null, hint: null, message: error.message }),
    )
  }
  if (isConnectionLoss(error)) {
    const message = 'Database client error. Retrying the connection.'
    return sendError(c, new RestError(503, { code: 'PGRST001', details: null, hint: null, message }))
  }
  const fromPg = fromPgError(error, anonymous)
  if (fromPg) return sendError(c, fromPg)
  console.error(error)
  return sendError(
    c,
    new RestError(500, { code: 'PGRST000', details: null, hint: null, message: 'Internal error' }),
  )
}

export function sendBody(
  c: Context,
  status: number,
  body: string | null,
  headers: Record<string, string>,
): Response {
  if (c.req.method === 'HEAD' || status === 204 || body === null)
    return c.body(null, status as StatusCode, headers)
  return c.body(body, status as ContentfulStatusCode, headers)
}
