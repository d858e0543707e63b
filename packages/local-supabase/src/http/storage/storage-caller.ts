import type { Context } from 'hono'
import type { StackConfig } from '../../config'
import { storageErrors } from '../../core/storage/storage-error'
import type { RequestScope } from '../../db/database'
import { resolveCaller } from '../caller'

/** The messages Storage's JWT check gives (those of the jsonwebtoken library). */
function jwtMessage(reason: string, expired: boolean): string {
  if (expired) return 'jwt expired'
  if (reason === 'signature is invalid') return 'invalid signature'
  if (reason === 'no token') return 'jwt must be provided'
  return 'jwt malformed'
}

export type StorageCaller = {
  role: string
  owner: string | undefined
  /** The owner as the deprecated uuid `owner` column takes it (null for a non-uuid `sub`). */
  ownerUuid: string | null
  scope: (operation: string) => RequestScope
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The verified caller of a storage route, or AccessDenied ("403") with the JWT library's message. */
export async function requireCaller(c: Context, config: StackConfig): Promise<StorageCaller> {
  const caller = await resolveCaller(c, config)
  if (!caller.ok) throw storageErrors.accessDenied(jwtMessage(caller.reason, caller.expired))
  const sub =
    typeof caller.claims.sub === 'string' && caller.claims.sub !== '' ? caller.claims.sub : undefined
  return {
    role: caller.role,
    owner: sub,
    ownerUuid: ownerUuid(sub),
    scope: (operation) => ({
      claims: caller.claims,
      method: c.req.method,
      path: new URL(c.req.url).pathname,
      settings: { 'storage.operation': operation, 'storage.allow_delete_query': 'true' },
    }),
  }
}

/** `owner` is a uuid column: only a uuid `sub` fits it; `owner_id` keeps any `sub` as text. */
export const ownerUuid = (owner: string | undefined) => (owner && UUID.test(owner) ? owner : null)
