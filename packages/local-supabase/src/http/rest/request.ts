import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'
import type { StackConfig } from '../../config'
import { CLIENT_ADDRESS_HEADER, trustedClientAddress } from '../../core/client-address'
import { invalidBody, invalidPreferences, invalidSchema, jwtError, RestError } from '../../core/rest/errors'
import { parseAccept } from '../../core/rest/media'
import { type Preferences, parsePrefer } from '../../core/rest/prefer'
import type { ApiSettings } from '../../core/rest/schema-cache'
import { type BodyShape, ident } from '../../core/rest/sql-text'
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
  /** The schema asked for by `Accept-Profile` (reads) or `Content-Profile` (writes), else the first exposed. */
  schema: string
  scope: (readOnly: boolean) => RequestScope
}

/** Who calls and what they ask for, common to every /rest/v1 route; throws RestError on bad headers. */
export async function readRequest(
  c: Context,
  config: StackConfig,
  path: string,
  settings: Pick<ApiSettings, 'schemas' | 'plan'> = { schemas: ['public'], plan: false },
): Promise<RestRequest> {
  const { schemas } = settings
  const caller = await resolveCaller(c, config)
  if (!caller.ok) throw jwtError(caller.expired, caller.reason)
  const method = c.req.method
  const reading = method === 'GET' || method === 'HEAD'
  const profile = c.req.header(reading ? 'accept-profile' : 'content-profile')
  if (profile !== undefined && !schemas.includes(profile)) throw invalidSchema(profile, schemas)
  const schema = profile ?? schemas[0] ?? 'public'
  const headers = withClientAddress(c, config.behindProxy)
  const prefer = parsePrefer(c.req.header('prefer'))
  if (prefer.handling === 'strict' && prefer.invalid.length) throw invalidPreferences(prefer.invalid)
  // As PostgREST does, the search path starts with the schema asked for.
  const searchPath = `${ident(schema)}, extensions`
  return {
    method,
    claims: caller.claims,
    anonymous: caller.role === 'anon',
    prefer,
    shape: parseAccept(c.req.header('accept'), settings.plan),
    query: [...new URL(c.req.url).searchParams.entries()],
    rangeHeader: c.req.header('range') ?? null,
    schema,
    scope: (readOnly) => ({
      claims: caller.claims,
      readOnly,
      method,
      path,
      headers,
      ...(schema === 'public' ? {} : { settings: { search_path: searchPath } }),
    }),
  }
}

/**
 * The request headers as PostgREST hands them to the database (`request.headers`), as hosted Supabase's edge
 * passes them on: `cf-connecting-ip` is the client's address (the connection's, whatever the client sent,
 * unless a proxy in front sets it), and the connection's address is appended to `x-forwarded-for`.
 */
function withClientAddress(c: Context, behindProxy: boolean): Record<string, string> {
  const { [CLIENT_ADDRESS_HEADER]: sent, ...headers } = c.req.header()
  let peer: string | undefined
  try {
    peer = getConnInfo(c).remote.address
  } catch {
    peer = undefined
  }
  const address = trustedClientAddress(sent, peer, behindProxy)
  if (address !== undefined) headers[CLIENT_ADDRESS_HEADER] = address
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
