import type { Context } from 'hono'
import { z } from 'zod'
import { parseFileSize } from '../../core/storage/file-size'
import { isValidBucketId } from '../../core/storage/object-key'
import { StorageError, storageErrors } from '../../core/storage/storage-error'
import type { StackDeps } from '../deps'
import { requestJson } from './request-json'
import { requireCaller } from './storage-caller'
import { GLOBAL_FILE_SIZE_LIMIT } from './upload-object'

const COLUMNS = `id, name, owner, public, file_size_limit::float8 as file_size_limit, allowed_mime_types,
  created_at, updated_at, type`

const SORT_COLUMNS = new Set(['id', 'name', 'created_at', 'updated_at'])

/**
 * GET /bucket[?limit=&offset=&search=&sortColumn=&sortOrder=]: the buckets the caller may see (SELECT
 * policy on storage.buckets; the service role sees all).
 */
export async function listBuckets(c: Context, deps: StackDeps) {
  const caller = await requireCaller(c, deps.config)
  const sortColumn = c.req.query('sortColumn') ?? 'name'
  const sortOrder = c.req.query('sortOrder') ?? 'asc'
  if (!SORT_COLUMNS.has(sortColumn) || (sortOrder !== 'asc' && sortOrder !== 'desc')) {
    throw storageErrors.invalidRequest(
      'querystring/sortColumn must be one of id, name, created_at, updated_at',
    )
  }
  const limit = z.coerce
    .number()
    .int()
    .min(1)
    .max(10_000)
    .optional()
    .safeParse(c.req.query('limit') || undefined)
  const offset = z.coerce
    .number()
    .int()
    .min(0)
    .optional()
    .safeParse(c.req.query('offset') || undefined)
  if (!limit.success || !offset.success)
    throw storageErrors.invalidRequest('limit and offset must be integers')
  const search = c.req.query('search') ?? ''
  const rows = await deps.db.asCaller({ ...caller.scope('bucket.list'), readOnly: true }, async (client) => {
    const result = await client.query(
      `select ${COLUMNS} from storage.buckets
       where $1 = '' or name ilike '%' || replace(replace(replace($1, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'
       order by ${sortColumn} ${sortOrder}, id limit $2 offset $3`,
      [search, limit.data ?? null, offset.data ?? 0],
    )
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

const MIME_TYPE = /^([a-zA-Z0-9\-+.]+)\/([a-zA-Z0-9\-+.*]+)(;\s*charset=[a-zA-Z0-9-]+)?$|\*$/

const Settings = {
  public: z.boolean().optional(),
  file_size_limit: z.union([z.number(), z.string(), z.null()]).optional(),
  allowed_mime_types: z.array(z.string()).nullable().optional(),
}
const CreateBody = z.object({ name: z.string(), id: z.string().optional(), ...Settings })
const UpdateBody = z.object(Settings)

/** The size limit to store: bytes within Storage's global limit (null lifts the bucket's own). */
function sizeLimit(value: number | string | null | undefined): number | null | undefined {
  if (value === undefined || value === null) return value
  const bytes = parseFileSize(value)
  if (bytes === undefined) throw storageErrors.invalidFileSizeLimit()
  if (bytes > GLOBAL_FILE_SIZE_LIMIT) throw storageErrors.entityTooLarge()
  return bytes
}

function mimeTypes(value: string[] | null | undefined): string[] | null | undefined {
  if (!value) return value
  const types = value.filter((type) => type)
  for (const type of types) {
    if (type.length > 1000 || !MIME_TYPE.test(type)) throw storageErrors.invalidMimeType(type)
  }
  return types
}

function bucketName(name: string): string {
  if (name.trim() !== name || name.length > 100 || !isValidBucketId(name))
    throw storageErrors.invalidBucketName()
  return name
}

/** A unique violation on storage.buckets is a bucket that exists already. */
function duplicateBucket(error: unknown): never {
  if ((error as { code?: string }).code === '23505') throw storageErrors.bucketAlreadyExists()
  throw error
}

/**
 * POST /bucket {name, id?, public, file_size_limit, allowed_mime_types}: created as the caller, so the
 * INSERT policy on storage.buckets decides (the service role bypasses it), with the caller as owner.
 */
export async function createBucket(c: Context, deps: StackDeps) {
  const caller = await requireCaller(c, deps.config)
  const body = await requestJson(c, CreateBody)
  const name = bucketName(body.name)
  const id = body.id ? bucketName(body.id) : name
  const limit = sizeLimit(body.file_size_limit)
  const types = mimeTypes(body.allowed_mime_types)
  await deps.db
    .asCaller(caller.scope('bucket.create'), (client) =>
      client.query(
        `insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types)
         values ($1, $2, $3, $4, $5, $6, $7)`,
        [
          id,
          name,
          caller.ownerUuid,
          caller.owner ?? null,
          body.public ?? false,
          limit ?? null,
          types ?? null,
        ],
      ),
    )
    .catch(duplicateBucket)
  return c.json({ name })
}

/** PUT /bucket/<id> {public?, file_size_limit?, allowed_mime_types?}: as the caller (UPDATE policy). */
export async function updateBucket(c: Context, deps: StackDeps) {
  const caller = await requireCaller(c, deps.config)
  const id = bucketName(c.req.param('id') ?? '')
  const body = await requestJson(c, UpdateBody)
  if (
    body.public === undefined &&
    body.file_size_limit === undefined &&
    body.allowed_mime_types === undefined
  ) {
    throw storageErrors.noContentProvided()
  }
  const sets: string[] = []
  const values: unknown[] = [id]
  const set = (column: string, value: unknown) => {
    values.push(value)
    sets.push(`${column} = $${values.length}`)
  }
  if (body.public !== undefined) set('public', body.public)
  if (body.file_size_limit !== undefined) set('file_size_limit', sizeLimit(body.file_size_limit))
  if (body.allowed_mime_types !== undefined) set('allowed_mime_types', mimeTypes(body.allowed_mime_types))
  const updated = await deps.db.asCaller(caller.scope('bucket.update'), async (client) => {
    const { rowCount } = await client.query(
      `update storage.buckets set ${sets.join(', ')}, updated_at = now() where id = $1`,
      values,
    )
    return rowCount ?? 0
  })
  if (updated === 0) throw storageErrors.noSuchBucket()
  return c.json({ message: 'Successfully updated' })
}

/**
 * DELETE /bucket/<id>: only an empty bucket (409 ResourceNotEmpty otherwise), deleted as the caller
 * (DELETE policy; NoSuchBucket when it hides the bucket).
 */
export async function deleteBucket(c: Context, deps: StackDeps) {
  const caller = await requireCaller(c, deps.config)
  const id = bucketName(c.req.param('id') ?? '')
  const deleted = await deps.db.asCaller(caller.scope('bucket.delete'), async (client) => {
    const found = await deps.db.storage.query('select 1 from storage.objects where bucket_id = $1 limit 1', [
      id,
    ])
    if ((found.rowCount ?? 0) > 0) throw storageErrors.bucketNotEmpty()
    const { rowCount } = await client.query('delete from storage.buckets where id = $1', [id])
    return rowCount ?? 0
  })
  if (deleted === 0) throw storageErrors.noSuchBucket()
  return c.json({ message: 'Successfully deleted' })
}

/** The most objects an empty request removes at once, as Storage's `emptyBucketMax`. */
const EMPTY_BUCKET_MAX = 200_000

/**
 * POST /bucket/<id>/empty: a bucket the caller can see is emptied by the storage service itself, as
 * Storage's queued admin job does; the objects' bytes go with their rows.
 */
export async function emptyBucket(
  c: Context,
  deps: StackDeps,
  removeBytes: (bucket: string, key: string) => Promise<void>,
) {
  const caller = await requireCaller(c, deps.config)
  const id = bucketName(c.req.param('id') ?? '')
  const visible = await deps.db.asCaller(
    { ...caller.scope('bucket.empty'), readOnly: true },
    async (client) => {
      const { rowCount } = await client.query('select 1 from storage.buckets where id = $1', [id])
      return (rowCount ?? 0) > 0
    },
  )
  if (!visible) throw storageErrors.noSuchBucket()
  const count = await deps.db.storage.query<{ n: number }>(
    'select count(*)::int as n from (select 1 from storage.objects where bucket_id = $1 limit $2) o',
    [id, EMPTY_BUCKET_MAX + 1],
  )
  if ((count.rows[0]?.n ?? 0) > EMPTY_BUCKET_MAX) {
    throw new StorageError(
      '409',
      'InvalidRequest',
      'InvalidRequest',
      'Unable to empty the bucket because it contains too many objects',
    )
  }
  const names = await deps.db.storage.transaction(async (client) => {
    await client.query(`select set_config('storage.allow_delete_query', 'true', true)`)
    const { rows } = await client.query<{ name: string }>(
      'delete from storage.objects where bucket_id = $1 returning name',
      [id],
    )
    return rows.map((row) => row.name)
  })
  for (const name of names) await removeBytes(id, name).catch(() => {})
  return c.json({ message: 'Successfully emptied' })
}
