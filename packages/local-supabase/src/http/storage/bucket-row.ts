import { storageErrors } from '../../core/storage/storage-error'
import type { Database } from '../../db/database'

export type BucketRow = {
  id: string
  public: boolean
  fileSizeLimit: number | null
  allowedMimeTypes: string[] | null
}

/** Storage reads bucket settings as superuser, before any policy applies (NoSuchBucket if missing). */
export async function findBucket(db: Database, id: string): Promise<BucketRow> {
  const { rows } = await db.storage.query<{
    id: string
    public: boolean | null
    file_size_limit: string | null
    allowed_mime_types: string[] | null
  }>('select id, public, file_size_limit, allowed_mime_types from storage.buckets where id = $1', [id])
  const row = rows[0]
  if (!row) throw storageErrors.noSuchBucket()
  return {
    id: row.id,
    public: row.public === true,
    fileSizeLimit: row.file_size_limit === null ? null : Number(row.file_size_limit),
    allowedMimeTypes: row.allowed_mime_types,
  }
}
