import type pg from 'pg'

/** The columns of storage.objects that the routes read. */
export type ObjectRow = {
  id: string
  name: string
  bucket_id: string
  version: string | null
  created_at: Date
  updated_at: Date
  metadata: {
    mimetype?: string
    cacheControl?: string
    eTag?: string
    size?: number
    lastModified?: string
  } | null
  user_metadata: Record<string, unknown> | null
}

const COLUMNS = 'id, name, bucket_id, version, created_at, updated_at, metadata, user_metadata'

/** One object row as `client`'s role sees it (RLS applies unless the client is superuser). */
export async function selectObject(
  client: pg.ClientBase | pg.Pool,
  bucket: string,
  key: string,
): Promise<ObjectRow | undefined> {
  const { rows } = await client.query<ObjectRow>(
    `select ${COLUMNS} from storage.objects where bucket_id = $1 and name = $2`,
    [bucket, key],
  )
  return rows[0]
}
