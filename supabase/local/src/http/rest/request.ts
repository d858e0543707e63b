import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'
import type { StackConfig } from '../../config'
import { invalidBody, invalidSchema, jwtError, RestError } from '../../core/rest/errors'
import { parseAccept } from '../../core/rest/media'
import { type Preferences, parsePrefer } from '../../core/rest/prefer'
import type { BodyShape } from '../../core/rest/sql-text'
import type { Claims, RequestScope } from '../../db/database'
import { resolveCaller } from '../caller'

export type RestRequest = {
  method: string
  claims: Claims
  anonymous: boolean
  prefer: Preferences
  shape: BodyShape
  query: [string, string][]
  rangeHeader: string | null
  scope: (readOnly: boolean) => RequestScope
}

/** Who calls and what they ask for, common to every /rest/v1 route; throws RestError on bad headers. */
export async function readRequest(c: Context, config: StackConfig, path: string): Promise<RestRequest> {
  const caller = await resolveCaller(c, config)
  if (!caller.ok) throw jwtError(caller.expired, caller.reason)
  const method = c.req.method
  const reading = method === 'GET' || method === 'HEAD'
  const profile = c.req.header(reading ? 'accept-profile' : 'content-profile')
  if (profile !== undefined && profile !== 'public') throw invalidSchema(profile)
  const headers = withForwardedFor(c)
  return {
    method,
    claims: caller.claims,
    anonymous: caller.role === 'anon',
    prefer: parsePrefer(c.req.header('prefer')),
    shape: parseAccept(c.req.header('accept')),
    query: [...new URL(c.req.url).searchParams.entries()],
    rangeHeader: c.req.header('range') ?? null,
    scope: (readOnly) => ({ claims: caller.claims, readOnly, method, path, headers }),
  }
}

/**
 * The request headers as PostgREST hands them to the database (`request.headers`), with the connection's
 * address appended to `x-forwarded-for` as the proxy in front of PostgREST does on hosted Supabase.
 */
function withForwardedFor(c: Context): Record<string, string> {
  const headers = c.req.header()
  let peer: string | undefined
  try {
    peer = getConnInfo(c).remote.address
  } catch {
    peer = undefined
  }
  if (peer === undefined) return headers
  const before = headers['x-forwarded-for']
  return { ...headers, 'x-forwarded-for': before ? `${before}, ${peer}` : peer }
}

/** The JSON body; PGRST102 when it is empty or malformed (an empty body is `{}` where `allowEmpty`). */
export async function readJson(c: Context, allowEmpty = false): Promise<unknown> {
  const text = await c.req.text()
  if (text.trim() === '') {
    if (allowEmpty) return {}
    throw invalidBody()
  }
  try {
    return JSON.parse(text)
  } catch {
    throw invalidBody()
  }
}

/** Lets `Prefer: tx=rollback` return the computed answer after the transaction was rolled back. */
export class Rollback<T> extends Error {
  constructor(readonly result: T) {
    super('rollback requested')
  }
}

export const isRestError = (error: unknown): error is RestError => error instanceof RestError
