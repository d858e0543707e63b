import type { Context } from 'hono'
import { z } from 'zod'
import type { FileStore } from '../../core/storage/file-store'
import { storageErrors } from '../../core/storage/storage-error'
import type { StackDeps } from '../deps'
import { findBucket } from './bucket-row'
import { bucketAddress, objectAddress } from './object-address'
import { requestJson } from './request-json'
import { requireCaller } from './storage-caller'

const RemoveBody = z.object({ prefixes: z.array(z.string()).min(1).max(1000) })

const DELETE_RETURNING = `
  delete from storage.objects where bucket_id = $1 and name = any($2::text[])
  returning bucket_id, name, owner, owner_id, id, version, created_at, updated_at, last_accessed_at,
            metadata, user_metadata`

/**
 * DELETE /object/<bucket> {prefixes}: deletes the rows the caller may delete (DELETE + SELECT policies),
 * answers with them (an empty list when policies hide them), then removes their bytes.
 */
export async function removeObjects(c: Context, deps: StackDeps, store: FileStore) {
  const caller = await requireCaller(c, deps.config)
  const bucket = bucketAddress(c, '/object/')
  const { prefixes } = await requestJson(c, RemoveBody)
  await findBucket(deps.db, bucket)
  const deleted = await deps.db.asCaller(caller.scope('object.delete_many'), async (client) => {
    const { rows } = await client.query<{ name: string }>(DELETE_RETURNING, [bucket, prefixes])
    return rows
  })
  await Promise.all(deleted.map((row) => store.remove(bucket, row.name).catch(() => {})))
  return c.json(deleted)
}

/** DELETE /object/<bucket>/<key>: one object, NoSuchKey when the caller cannot see or delete it. */
export async function removeObject(c: Context, deps: StackDeps, store: FileStore) {
  const caller = await requireCaller(c, deps.config)
  const { bucket, key } = objectAddress(c, '/object/')
  await findBucket(deps.db, bucket)
  const deleted = await deps.db.asCaller(caller.scope('object.delete'), async (client) => {
    const { rowCount } = await client.query(DELETE_RETURNING, [bucket, [key]])
    return rowCount ?? 0
  })
  if (deleted === 0) throw storageErrors.noSuchKey()
  await store.remove(bucket, key).catch(() => {})
  return c.json({ message: 'Successfully deleted' })
}
