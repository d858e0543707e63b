import { randomUUID } from 'node:crypto'
import { Readable } from 'node:stream'
import { fileStore } from '../../core/storage/file-store'
import type { StackDeps } from '../deps'
import { GLOBAL_FILE_SIZE_LIMIT } from './upload-object'

export type AdminObject = {
  bucket: string
  key: string
  bytes: Uint8Array
  contentType: string
  /** The user the object belongs to (`owner`/`owner_id`), as if they had uploaded it. */
  owner?: string
  cacheControl?: string
}

/**
 * Stores an object as the storage service itself (no policies), replacing any object under the same
 * key: for the seed, which must put listing images where uploads would have put them.
 */
export async function putObjectAsAdmin(deps: Pick<StackDeps, 'config' | 'db'>, object: AdminObject) {
  const store = fileStore(deps.config.dataDir)
  store.pathOf(object.bucket, object.key)
  const pending = await store.writeTemp(Readable.from([Buffer.from(object.bytes)]), GLOBAL_FILE_SIZE_LIMIT)
  const metadata = {
    eTag: pending.eTag,
    size: pending.size,
    mimetype: object.contentType,
    cacheControl: object.cacheControl ?? 'max-age=3600',
    lastModified: new Date().toISOString(),
    contentLength: pending.size,
    httpStatusCode: 200,
  }
  try {
    return await deps.db.storage.transaction(async (client) => {
      const { rows } = await client.query<{ id: string }>(
        `insert into storage.objects (id, bucket_id, name, owner, owner_id, metadata, version)
         values ($1, $2, $3, $4::uuid, $4::text, $5, $6)
         on conflict (bucket_id, name) do update set owner = excluded.owner, owner_id = excluded.owner_id,
           metadata = excluded.metadata, version = excluded.version
         returning id`,
        [randomUUID(), object.bucket, object.key, object.owner ?? null, metadata, randomUUID()],
      )
      await store.commit(pending, object.bucket, object.key)
      return { id: rows[0]?.id ?? '', key: `${object.bucket}/${object.key}` }
    })
  } finally {
    await store.discard(pending)
  }
}
