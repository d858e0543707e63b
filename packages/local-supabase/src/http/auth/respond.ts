import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { AuthError, authErrors } from '../../core/auth/errors'

/** The API version whose error format supabase-js reads `error.code` from (contract §2.3). */
export const API_VERSION = '2024-01-01'

export function errorResponse(c: Context, error: AuthError): Response {
  return c.json(
    { code: error.code, message: error.message, ...error.extra },
    error.status as ContentfulStatusCode,
    {
      'X-Supabase-Api-Version': API_VERSION,
      'x-sb-error-code': error.code,
    },
  )
}

/** Turns anything thrown in a route into GoTrue's error body; unknown failures are a logged 500. */
export function handleAuthError(error: Error, c: Context): Response {
  if (error instanceof AuthError) return errorResponse(c, error)
  console.error(error)
  return errorResponse(
    c,
    new AuthError(500, 'unexpected_failure', 'Unexpected failure, please check server logs'),
  )
}

/** The JSON body as an object; an empty body is `{}`, anything else that is not an object is refused. */
export async function readBody(c: Context): Promise<Record<string, unknown>> {
  const text = await c.req.text()
  if (text.trim() === '') return {}
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch (error) {
    throw authErrors.badJson(error instanceof Error ? error.message : 'invalid JSON')
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw authErrors.badJson('expected a JSON object')
  }
  assertNoNul(parsed)
  return parsed as Record<string, unknown>
}

/** Postgres text cannot hold NUL: refuse it up front as bad input rather than fail later. */
function assertNoNul(value: unknown): void {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) throw authErrors.validation('Request contains a NUL character')
  } else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      assertNoNul(key)
      assertNoNul(inner)
    }
  }
}

/** A query parameter, refused when it holds NUL (see assertNoNul). */
export function queryParam(c: Context, name: string): string | undefined {
  const value = c.req.query(name)
  assertNoNul(value)
  return value
}

/** The longest string any Auth field takes (tokens, codes, names); emails and passwords have their own caps. */
const FIELD_LIMIT = 4096
/** The most user metadata (`data`) a user may carry, as JSON. */
const METADATA_LIMIT = 16 * 1024

/** A string field, or undefined when absent/null; other types are a validation error. */
export function stringField(body: Record<string, unknown>, name: string): string | undefined {
  const value = body[name]
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'string') throw authErrors.validation(`${name} must be a string`)
  if (value.length > FIELD_LIMIT) throw authErrors.validation(`${name} is too long`)
  return value
}

export function objectField(
  body: Record<string, unknown>,
  name: string,
): Record<string, unknown> | undefined {
  const value = body[name]
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'object' || Array.isArray(value))
    throw authErrors.validation(`${name} must be an object`)
  if (JSON.stringify(value).length > METADATA_LIMIT) throw authErrors.validation(`${name} is too large`)
  return value as Record<string, unknown>
}
