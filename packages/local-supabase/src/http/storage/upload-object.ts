import { randomUUID } from 'node:crypto'
import type { Context } from 'hono'
import type pg from 'pg'
import type { FileStore, PendingFile } from '../../core/storage/file-store'
import { isMimeTypeAllowed, parseMimeType, sniffMimeType } from '../../core/storage/mime-type'
import { storageErrors } from '../../core/storage/storage-error'
import type { StackDeps } from '../deps'
import { findBucket } from './bucket-row'
import { objectAddress } from './object-address'
import { ownerUuid, requireCaller } from './storage-caller'
import { discardBody, readUploadBody } from './upload-body'

/** Storage's global upload limit (the CLI's `[storage] file_size_limit = "50MiB"`). */
export const GLOBAL_FILE_SIZE_LIMIT = 50 * 1024 * 1024

const INSERT = `
  insert into storage.objects (id, bucket_id, name, owner, owner_id, metadata, user_metadata, version)
  values ($1, $2, $3, $4, $5, $6, $7, $8)`

const UPSERT = `${INSERT}
  on conflict (bucket_id, name) do update set
    owner = excluded.owner, owner_id = excluded.owner_id, metadata = excluded.metadata,
    user_metadata = excluded.user_metadata, version = excluded.version, last_accessed_at = now()
  returning id`

/**
 * The type an object is stored and served as: what its bytes are. A bucket that limits types takes only
 * bytes of an allowed type, whatever the upload claims; elsewhere an unrecognised body keeps the
 * declared type (served with `nosniff` and a sandboxing policy).
 */
async function storedMimeType(
  store: FileStore,
  pending: PendingFile,
  declared: string,
  allowed: readonly string[] | null,
): Promise<string> {
  const sniffed = sniffMimeType(await store.head(pending, 32))
  if (allowed && allowed.length > 0) {
    if (!sniffed || !isMimeTypeAllowed(sniffed, allowed))
      throw storageErrors.invalidMimeType(sniffed ?? declared)
    return sniffed
  }
  return sniffed ?? declared
}

/**
 * POST (new, or upsert with `x-upsert: true`) and PUT (overwrite) of /object/<bucket>/<key>. The row is
 * written as the caller so the policies on storage.objects decide; the bytes become visible under
 * the key only once that write succeeded.
 */
export async function uploadObject(c: Context, deps: StackDeps, store: FileStore, overwrite: boolean) {
  const caller = await requireCaller(c, deps.config)
  const { bucket, key } = objectAddress(c, '/object/')
  const upsert = overwrite || c.req.header('x-upsert') === 'true'
  const id = await writeUpload(c, deps, store, {
    bucket,
    key,
    upsert,
    owner: caller.owner,
    run: (work) => deps.db.asCaller(caller.scope('object.upload'), work),
  })
  return c.json({ Id: id, Key: `${bucket}/${key}` })
}

export type UploadTarget = {
  bucket: string
  key: string
  upsert: boolean
  owner: string | undefined
  /** Runs the row's write: as the caller (policies decide) or as the storage service (a signed upload). */
  run: <T>(work: (client: pg.PoolClient) => Promise<T>) => Promise<T>
}

/**
 * Reads an upload's body within the bucket's limits and types, writes its row through `target.run`,
 * and makes the bytes visible under the key only once that write succeeded. The object's id.
 */
export async function writeUpload(c: Context, deps: StackDeps, store: FileStore, target: UploadTarget) {
  const { bucket, key, upsert } = target
  const bucketRow = await findBucket(deps.db, bucket)
  const limit = Math.min(bucketRow.fileSizeLimit ?? GLOBAL_FILE_SIZE_LIMIT, GLOBAL_FILE_SIZE_LIMIT)
  const body = await readUploadBody(c, limit)
  const declared = parseMimeType(body.contentType)
  if (!declared || !isMimeTypeAllowed(declared, bucketRow.allowedMimeTypes)) {
    discardBody(body.stream)
    throw storageErrors.invalidMimeType(declared ?? 'unknown')
  }
  const pending = await store.writeTemp(body.stream, limit)
  let mimetype: string
  try {
    mimetype = await storedMimeType(store, pending, declared, bucketRow.allowedMimeTypes)
  } catch (error) {
    await store.discard(pending)
    throw error
  }
  const metadata = {
    eTag: pending.eTag,
    size: pending.size,
    mimetype,
    cacheControl: body.cacheControl,
    lastModified: new Date().toISOString(),
    contentLength: pending.size,
    httpStatusCode: 200,
  }
  try {
    return await target.run(async (client) => {
      const newId = randomUUID()
      const values = [
        newId,
        bucket,
        key,
        ownerUuid(target.owner),
        target.owner ?? null,
        metadata,
        body.userMetadata,
        randomUUID(),
      ]
      const result = await client.query<{ id: string }>(upsert ? UPSERT : INSERT, values)
      await store.commit(pending, bucket, key)
      return result.rows[0]?.id ?? newId
    })
  } finally {
    await store.discard(pending)
  }
}
