import type { Context } from 'hono'
import { storageErrors } from '../../core/storage/storage-error'
import type { StackDeps } from '../deps'
import { findBucket } from './bucket-row'
import { objectAddress } from './object-address'
import { selectObject } from './object-row'
import { requireCaller } from './storage-caller'

/** GET /object/info/<bucket>/<key>: the object's details if the caller may see it (info()). */
export async function objectInfo(c: Context, deps: StackDeps) {
  const caller = await requireCaller(c, deps.config)
  const address = objectAddress(c, '/object/info/')
  await findBucket(deps.db, address.bucket)
  const row = await deps.db.asCaller({ ...caller.scope('object.info'), readOnly: true }, (client) =>
    selectObject(client, address.bucket, address.key),
  )
  if (!row) throw storageErrors.noSuchKey()
  return c.json({
    id: row.id,
    name: row.name,
    version: row.version,
    bucket_id: row.bucket_id,
    size: row.metadata?.size ?? null,
    content_type: row.metadata?.mimetype ?? null,
    cache_control: row.metadata?.cacheControl ?? null,
    etag: row.metadata?.eTag ?? null,
    metadata: row.user_metadata ?? {},
    last_modified: row.updated_at,
    created_at: row.created_at,
  })
}
