import type { Context } from 'hono'
import { storageErrors } from '../../core/storage/storage-error'
import type { StackDeps } from '../deps'
import { requireCaller } from './storage-caller'

const COLUMNS = `id, name, owner, public, file_size_limit::float8 as file_size_limit, allowed_mime_types,
  created_at, updated_at, type`

/** GET /bucket: the buckets the caller may see (SELECT policy on storage.buckets; service_role sees all). */
export async function listBuckets(c: Context, deps: StackDeps) {
  const caller = await requireCaller(c, deps.config)
  const rows = await deps.db.asCaller({ ...caller.scope('bucket.list'), readOnly: true }, async (client) => {
    const result = await client.query(`select ${COLUMNS} from storage.buckets order by name`)
    return result.rows
  })
  return c.json(rows)
}

/** GET /bucket/<id>: one bucket, NoSuchBucket when missing or hidden. */
export async function getBucket(c: Context, deps: StackDeps) {
  const caller = await requireCaller(c, deps.config)
  const id = c.req.param('id') ?? ''
  const row = await deps.db.asCaller({ ...caller.scope('bucket.get'), readOnly: true }, async (client) => {
    const result = await client.query(`select ${COLUMNS} from storage.buckets where id = $1`, [id])
    return result.rows[0]
  })
  if (!row) throw storageErrors.noSuchBucket()
  return c.json(row)
}
