import type { Context } from 'hono'
import type { StackConfig } from '../config'
import { tokenKeysOf, verifyAccessToken } from '../core/auth/signing-keys'
import { type JwtPayload, verifyJwt } from '../core/jwt'
import type { Claims } from '../db/database'

/** Opaque keys of new-style projects, mapped to the JWT roles they stand for (as the gateway does). */
export const PUBLISHABLE_KEY = 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH'
export const SECRET_KEY = 'sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz'

export type Caller =
  | { ok: true; role: string; claims: Claims; token: string; raw: JwtPayload }
  | { ok: false; reason: string; expired: boolean }

/** The API key a request carries, from the `apikey` header or query parameter. */
export function apiKeyOf(c: Context): string | undefined {
  return c.req.header('apikey') ?? c.req.query('apikey') ?? undefined
}

function bearerOf(c: Context): string | undefined {
  const header = c.req.header('authorization')
  const match = header ? /^bearer\s+(.+)$/i.exec(header.trim()) : null
  return match?.[1]
}

function keyToJwt(key: string, config: StackConfig): string {
  if (key === PUBLISHABLE_KEY) return config.anonKey
  if (key === SECRET_KEY) return config.serviceRoleKey
  return key
}

/**
 * Who is calling, as PostgREST and Storage see it: the bearer token (or, without one, the API key),
 * verified with the project secret. A token without a role claim is the anon role.
 */
export async function resolveCaller(c: Context, config: StackConfig): Promise<Caller> {
  const bearer = bearerOf(c)
  const key = apiKeyOf(c)
  const token = bearer && !bearer.startsWith('sb_') ? bearer : keyToJwt(bearer ?? key ?? '', config)
  if (!token) return { ok: false, reason: 'no token', expired: false }
  const verified = await verifyAccessToken(token, tokenKeysOf(config))
  if (!verified.ok) return verified
  const role = typeof verified.claims.role === 'string' ? verified.claims.role : 'anon'
  const claims: Claims = { ...verified.claims, role }
  return { ok: true, role, claims, token, raw: verified.claims }
}

/** True when the API key is one this project issued (a JWT signed with its secret, or an opaque key). */
export async function isProjectKey(key: string, config: StackConfig): Promise<boolean> {
  const verified = await verifyJwt(keyToJwt(key, config), config.jwtSecret)
  return verified.ok
}
