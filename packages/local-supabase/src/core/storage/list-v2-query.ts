import { z } from 'zod'

/** The body storage-js `listV2()` posts to /object/list-v2/<bucket>. */
export const ListV2RequestSchema = z.object({
  prefix: z.string().default(''),
  limit: z.coerce.number().int().min(1).default(1000),
  cursor: z.string().optional(),
  with_delimiter: z.boolean().default(false),
  sortBy: z
    .object({
      column: z.enum(['name', 'updated_at', 'created_at']),
      order: z.enum(['asc', 'desc']).default('asc'),
    })
    .optional(),
})

export type ListV2Request = z.infer<typeof ListV2RequestSchema>

/** Where the next page starts: the last entry's key (and sort value), opaque to clients. */
export type ListV2Cursor = { key: string; kind: number; value: string | null; column: string; order: string }

export const encodeCursor = (cursor: ListV2Cursor) =>
  Buffer.from(JSON.stringify(cursor)).toString('base64url')

export function decodeCursor(text: string): ListV2Cursor | undefined {
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString()) as ListV2Cursor
    if (typeof value.key !== 'string' || (value.kind !== 0 && value.kind !== 1)) return undefined
    if (value.value !== null && typeof value.value !== 'string') return undefined
    if (!['name', 'updated_at', 'created_at'].includes(value.column)) return undefined
    if (value.order !== 'asc' && value.order !== 'desc') return undefined
    return value
  } catch {
    return undefined
  }
}

/**
 * The query behind list-v2, after Storage's search_v2: every object whose key starts with `prefix`
 * (not a folder walk) or, with the delimiter, the objects directly under the prefix and one entry per
 * sub-folder (`prefix/sub/`). Sorted by key in byte order, or by a timestamp (folders first), with a
 * keyset cursor; one row more than the page tells whether there is a next one. Runs as the caller.
 */
export function buildListV2Query(
  bucket: string,
  request: ListV2Request,
  cursor: ListV2Cursor | undefined,
): { text: string; values: unknown[]; column: string; order: string; limit: number } {
  const limit = Math.min(request.limit, 1000)
  const column = cursor?.column ?? request.sortBy?.column ?? 'name'
  const order = cursor?.order ?? request.sortBy?.order ?? 'asc'
  const values: unknown[] = [bucket, request.prefix, request.with_delimiter, limit + 1]
  const cmp = order === 'desc' ? '<' : '>'
  let after = 'true'
  if (cursor) {
    values.push(cursor.key)
    if (column !== 'name') values.push(cursor.kind, cursor.value)
    after =
      column === 'name'
        ? `key collate "C" ${cmp} $5`
        : `(kind > $6::int or (kind = $6::int and (case when kind = 0 then key collate "C" > $5
             else (${column} ${cmp} $7::timestamptz or (${column} = $7::timestamptz and key collate "C" ${cmp} $5)) end)))`
  }
  const orderBy =
    column === 'name' ? `key collate "C" ${order}` : `kind, ${column} ${order}, key collate "C" ${order}`
  const text = `
    with matching as (
      select id, name, metadata, updated_at, created_at, last_accessed_at,
             case when $3 and strpos(substr(name, length($2) + 1), '/') > 0
               then left(name, length($2) + strpos(substr(name, length($2) + 1), '/')) end as folder
      from storage.objects
      where bucket_id = $1 and left(name, length($2)) = $2
    ),
    entries as (
      select folder as key, 0 as kind, null::uuid as id, null::jsonb as metadata,
             null::timestamptz as updated_at, null::timestamptz as created_at, null::timestamptz as last_accessed_at
      from matching where folder is not null group by folder
      union all
      select name, 1, id, metadata, updated_at, created_at, last_accessed_at from matching where folder is null
    )
    select key, kind, id, metadata, updated_at, created_at, last_accessed_at,
           ${column === 'name' ? 'null' : `${column}::text`} as sort_value
    from entries
    where ${after}
    order by ${orderBy}
    limit $4`
  return { text, values, column, order, limit }
}
