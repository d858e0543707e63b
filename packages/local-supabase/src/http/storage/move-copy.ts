import { randomUUID } from 'node:crypto'
import type { Context } from 'hono'
import { z } from 'zod'
import type { FileStore } from '../../core/storage/file-store'
import { isValidBucketId, isValidObjectKey } from '../../core/storage/object-key'
import { storageErrors } from '../../core/storage/storage-error'
import type { StackDeps } from '../deps'
import { findBucket } from './bucket-row'
import { type ObjectRow, selectObject } from './object-row'
import { requestJson } from './request-json'
import { requireCaller } from './storage-caller'

const TransferBody = z.object({
  bucketId: z.string(),
  sourceKey: z.string(),
  destinationKey: z.string(),
  destinationBucket: z.string().optional(),
  metadata: z.object({ cacheControl: z.string().optional(), mimetype: z.string().optional() }).optional(),
  copyMetadata: z.boolean().optional(),
})

type Transfer = { bucket: string; source: string; toBucket: string; destination: string }

async function readTransfer(c: Context, deps: StackDeps): Promise<Transfer & z.infer<typeof TransferBody>> {
  const body = await requestJson(c, TransferBody)
  const toBucket = body.destinationBucket || body.bucketId
  for (const bucket of [body.bucketId, toBucket]) {
    if (!isValidBucketId(bucket)) throw storageErrors.noSuchBucket()
  }
  for (const key of [body.sourceKey, body.destinationKey]) {
    if (!isValidObjectKey(key)) throw storageErrors.invalidKey(key)
  }
  await findBucket(deps.db, body.bucketId)
  if (toBucket !== body.bucketId) await findBucket(deps.db, toBucket)
  return {
    ...body,
    bucket: body.bucketId,
    source: body.sourceKey,
    toBucket,
    destination: body.destinationKey,
  }
}

/**
 * POST /object/move {bucketId, sourceKey, destinationKey, destinationBucket?}: renames the row as the
 * caller, so the object must be visible and the UPDATE policy must pass for the old row (USING) and the
 * new one (WITH CHECK); an existing destination is KeyAlreadyExists. The bytes move with the row.
 */
export async function moveObject(c: Context, deps: StackDeps, store: FileStore) {
  const caller = await requireCaller(c, deps.config)
  const t = await readTransfer(c, deps)
  // Moving onto itself would leave nothing to remove afterwards but the object itself.
  if (t.bucket === t.toBucket && t.source === t.destination) throw storageErrors.keyAlreadyExists()
  const moved = await deps.db.asCaller(caller.scope('object.move'), async (client) => {
    const { rows } = await client.query<{ id: string }>(
      `update storage.objects set bucket_id = $3, name = $4, owner = $5, owner_id = $6,
         updated_at = now(), last_accessed_at = now()
       where bucket_id = $1 and name = $2 returning id`,
      [t.bucket, t.source, t.toBucket, t.destination, caller.ownerUuid, caller.owner ?? null],
    )
    const row = rows[0]
    if (!row) return undefined
    const pending = await store.copyToTemp(t.bucket, t.source)
    try {
      await store.commit(pending, t.toBucket, t.destination)
    } finally {
      await store.discard(pending)
    }
    return row
  })
  if (!moved) throw storageErrors.noSuchKey()
  await store.remove(t.bucket, t.source).catch(() => {})
  return c.json({ message: 'Successfully moved', Id: moved.id, Key: t.destination })
}

/**
 * POST /object/copy: the source must be visible to the caller (SELECT policy) and the copy is inserted
 * as the caller (INSERT policy; with `x-upsert: true` an existing destination is replaced, which the
 * UPDATE policy must allow). Metadata is copied unless `copyMetadata` is false.
 */
export async function copyObject(c: Context, deps: StackDeps, store: FileStore) {
  const caller = await requireCaller(c, deps.config)
  const t = await readTransfer(c, deps)
  const upsert = c.req.header('x-upsert') === 'true'
  const copied = await deps.db.asCaller(caller.scope('object.copy'), async (client) => {
    const source = await selectObject(client, t.bucket, t.source)
    if (!source) return undefined
    const pending = await store.copyToTemp(t.bucket, t.source)
    try {
      const metadata = {
        ...(source.metadata ?? {}),
        ...(t.metadata?.cacheControl ? { cacheControl: t.metadata.cacheControl } : {}),
        ...(t.metadata?.mimetype ? { mimetype: t.metadata.mimetype } : {}),
        eTag: pending.eTag,
        lastModified: new Date().toISOString(),
      }
      const userMetadata = t.copyMetadata === false ? null : source.user_metadata
      const { rows } = await client.query<ObjectRow>(
        `insert into storage.objects (id, bucket_id, name, owner, owner_id, metadata, user_metadata, version)
         values ($1, $2, $3, $4, $5, $6, $7, $8)
         ${
           upsert
             ? `on conflict (bucket_id, name) do update set owner = excluded.owner, owner_id = excluded.owner_id,
                metadata = excluded.metadata, user_metadata = excluded.user_metadata, version = excluded.version,
                updated_at = now()`
             : ''
         }
         returning id, name, bucket_id, version, created_at, updated_at, metadata, user_metadata`,
        [
          randomUUID(),
          t.toBucket,
          t.destination,
          caller.ownerUuid,
          caller.owner ?? null,
          metadata,
          userMetadata,
          randomUUID(),
        ],
      )
      await store.commit(pending, t.toBucket, t.destination)
      return rows[0]
    } finally {
      await store.discard(pending)
    }
  })
  if (!copied) throw storageErrors.noSuchKey()
  return c.json({ Id: copied.id, Key: `${t.toBucket}/${t.destination}`, ...copied })
}
