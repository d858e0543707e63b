import type { Context } from 'hono'
import {
  buildListV2Query,
  decodeCursor,
  encodeCursor,
  ListV2RequestSchema,
} from '../../core/storage/list-v2-query'
import { storageErrors } from '../../core/storage/storage-error'
import type { StackDeps } from '../deps'
import { findBucket } from './bucket-row'
import { bucketAddress } from './object-address'
import { requestJson } from './request-json'
import { requireCaller } from './storage-caller'

type Entry = {
  key: string
  kind: number
  id: string | null
  metadata: unknown
  updated_at: Date | null
  created_at: Date | null
  last_accessed_at: Date | null
  /** The sort column's value at full precision, for the cursor. */
  sort_value: string | null
}

/**
 * POST /object/list-v2/<bucket> {prefix, limit, cursor, with_delimiter, sortBy}: a page of objects (and,
 * with the delimiter, sub-folders) the caller may see, with `hasNext` and the `nextCursor` to continue.
 */
export async function listObjectsV2(c: Context, deps: StackDeps) {
  const caller = await requireCaller(c, deps.config)
  const bucket = bucketAddress(c, '/object/list-v2/')
  const request = await requestJson(c, ListV2RequestSchema)
  const cursor = request.cursor ? decodeCursor(request.cursor) : undefined
  if (request.cursor && !cursor) throw storageErrors.invalidRequest('Invalid cursor')
  await findBucket(deps.db, bucket)
  const query = buildListV2Query(bucket, request, cursor)
  const rows = await deps.db.asCaller(
    { ...caller.scope('object.list_v2'), readOnly: true },
    async (client) => {
      const result = await client.query<Entry>(query.text, query.values)
      return result.rows
    },
  )
  const hasNext = rows.length > query.limit
  const page = rows.slice(0, query.limit)
  const last = page[page.length - 1]
  return c.json({
    hasNext,
    ...(hasNext && last
      ? {
          nextCursor: encodeCursor({
            key: last.key,
            kind: last.kind,
            value: last.sort_value,
            column: query.column,
            order: query.order,
          }),
        }
      : {}),
    folders: page
      .filter((row) => row.kind === 0)
      .map((row) => ({ id: null, key: row.key.slice(0, -1), name: row.key, bucket_id: bucket })),
    objects: page
      .filter((row) => row.kind === 1)
      .map((row) => ({
        id: row.id,
        key: row.key,
        name: row.key,
        bucket_id: bucket,
        metadata: row.metadata,
        updated_at: row.updated_at,
        created_at: row.created_at,
        last_accessed_at: row.last_accessed_at,
      })),
  })
}
