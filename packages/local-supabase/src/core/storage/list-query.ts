import { z } from 'zod'

const SORT_COLUMNS = ['name', 'updated_at', 'created_at', 'last_accessed_at'] as const

/** The body storage-js `list()` posts; unknown keys are ignored, wrong types refused. */
export const ListRequestSchema = z.object({
  prefix: z.string().default(''),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  offset: z.coerce.number().int().min(0).default(0),
  search: z.string().default(''),
  sortBy: z
    .object({
      column: z.enum(SORT_COLUMNS).default('name'),
      order: z
        .string()
        .transform((order) => order.toLowerCase())
        .pipe(z.enum(['asc', 'desc']))
        .default('asc'),
    })
    .default({ column: 'name', order: 'asc' }),
})

export type ListRequest = z.infer<typeof ListRequestSchema>

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

/**
 * The query behind list(), after Storage's `storage.search()`: the folders one level below `prefix`
 * (name only, other fields null), then the files at that level, names relative to the prefix.
 * Runs as the caller, so the SELECT policies on storage.objects decide what is seen.
 */
export function buildListQuery(bucket: string, request: ListRequest): { text: string; values: unknown[] } {
  const folder = request.prefix.replace(/^\/+|\/+$/g, '')
  const prefix = folder === '' ? '' : `${folder}/`
  const level = prefix === '' ? 1 : prefix.split('/').length
  const order = request.sortBy.order === 'desc' ? 'desc' : 'asc'
  const column = request.sortBy.column
  const text = `
    with matching as (
      select * from storage.objects
      where bucket_id = $1 and name ilike $2 escape '\\' and array_length(path_tokens, 1) >= $3
    ),
    folders as (
      select path_tokens[$3] as name from matching
      where array_length(path_tokens, 1) > $3
      group by path_tokens[$3]
    ),
    entries as (
      select name, null::uuid as id, null::timestamptz as updated_at, null::timestamptz as created_at,
             null::timestamptz as last_accessed_at, null::jsonb as metadata, 0 as kind
      from folders
      union all
      select path_tokens[$3], id, updated_at, created_at, last_accessed_at, metadata, 1
      from matching where array_length(path_tokens, 1) = $3
    )
    select name, id, updated_at, created_at, last_accessed_at, metadata from entries
    order by kind, case when kind = 0 then name end ${order}, ${column} ${order}, name ${order}
    limit $4 offset $5`
  return {
    text,
    values: [
      bucket,
      `${escapeLike(prefix)}${escapeLike(request.search)}%`,
      level,
      request.limit,
      request.offset,
    ],
  }
}
