import type { Context } from 'hono'
import { buildListQuery, ListRequestSchema } from '../../core/storage/list-query'
import type { StackDeps } from '../deps'
import { findBucket } from './bucket-row'
import { bucketAddress } from './object-address'
import { requestJson } from './request-json'
import { requireCaller } from './storage-caller'

/** POST /object/list/<bucket>: one folder level, folders first, as storage-js list() expects. */
export async function listObjects(c: Context, deps: StackDeps) {
  const caller = await requireCaller(c, deps.config)
  const bucket = bucketAddress(c, '/object/list/')
  const request = await requestJson(c, ListRequestSchema)
  await findBucket(deps.db, bucket)
  const query = buildListQuery(bucket, request)
  const rows = await deps.db.asCaller({ ...caller.scope('object.list'), readOnly: true }, async (client) => {
    const result = await client.query(query.text, query.values)
    return result.rows
  })
  return c.json(rows)
}
