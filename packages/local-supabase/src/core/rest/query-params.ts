import { parseError } from './errors'
import { type Filter, parseFilter, parseLogic } from './filter'
import { type OrderTerm, parseOrder } from './order'
import { parseSelect, type SelectItem } from './select'
import { splitTopLevel, unquote } from './split'

/** Keys that are not filters; `apikey` is the gateway's and never reaches PostgREST. */
const RESERVED = new Set(['select', 'columns', 'on_conflict', 'order', 'limit', 'offset', 'apikey'])
const LOGIC = new Set(['and', 'or', 'not.and', 'not.or'])

/** Filters, order and paging of one embedded resource, keyed in `QueryParts.embedded` by its path. */
export type EmbedParts = {
  filters: Filter[]
  order: OrderTerm[]
  limit: string | null
  offset: string | null
}

export type QueryParts = {
  select: SelectItem[]
  filters: Filter[]
  order: OrderTerm[]
  limit: string | null
  offset: string | null
  /** `listings.type=eq.rent`, `listings.order=…`, `listings.limit=…`: by embed path (`a.b`). */
  embedded: Map<string, EmbedParts>
  columns: string[] | null
  onConflict: string[] | null
  /** Parameters taken as function arguments (GET/HEAD on `rpc/<fn>`), by name. */
  args: Record<string, string>
}

/** `"a","b"` or `a,b` → ['a', 'b']. */
export function parseNameList(name: string, source: string): string[] {
  try {
    const names = splitTopLevel(source).map((part) => unquote(part.trim()))
    if (names.some((n) => n === '')) throw new SyntaxError('empty name')
    return names
  } catch {
    throw parseError(name, source)
  }
}

const EMBED_RESERVED = new Set(['order', 'limit', 'offset', 'and', 'or', 'not.and', 'not.or'])

/**
 * Splits `a.b.col` into the embed path `a.b` and the rest. Dots after a JSON arrow belong to the path's
 * keys; `not.or` / `not.and` stay whole.
 */
function splitEmbedPath(key: string): { path: string; rest: string } {
  const arrow = key.search(/->/)
  const head = arrow < 0 ? key : key.slice(0, arrow)
  if (head.startsWith('"')) return { path: '', rest: key }
  let cut = head.lastIndexOf('.')
  if (cut > 0 && head.slice(0, cut).endsWith('.not')) cut -= 4
  else if (cut > 0 && head.slice(0, cut) === 'not') cut = -1
  if (cut <= 0) return { path: '', rest: key }
  return { path: key.slice(0, cut), rest: key.slice(cut + 1) }
}

/**
 * Splits a query string into PostgREST's parts. `isArgument` picks the keys that are function
 * arguments (for RPC over GET); every other unreserved key is a filter.
 */
export function parseQuery(
  entries: Iterable<[string, string]>,
  isArgument: (key: string) => boolean = () => false,
): QueryParts {
  const single = new Map<string, string>()
  const filters: Filter[] = []
  const args: Record<string, string> = {}
  const embedded = new Map<string, EmbedParts>()
  const embedParts = (path: string) => {
    let parts = embedded.get(path)
    if (!parts) {
      parts = { filters: [], order: [], limit: null, offset: null }
      embedded.set(path, parts)
    }
    return parts
  }
  for (const [key, value] of entries) {
    if (RESERVED.has(key)) single.set(key, value)
    else if (LOGIC.has(key)) filters.push(parseLogic(key, value))
    else if (isArgument(key)) args[key] = value
    else {
      const { path, rest } = splitEmbedPath(key)
      if (!path) filters.push(parseFilter(key, value))
      else if (!EMBED_RESERVED.has(rest) && rest.includes('.') && !rest.includes('->')) {
        throw parseError('filter', `${key}=${value}`, 'bad column name')
      } else {
        const parts = embedParts(path)
        if (rest === 'order') parts.order = parseOrder(value)
        else if (rest === 'limit') parts.limit = value
        else if (rest === 'offset') parts.offset = value
        else if (LOGIC.has(rest)) parts.filters.push(parseLogic(rest, value))
        else parts.filters.push(parseFilter(rest, value))
      }
    }
  }
  const columns = single.get('columns')
  const onConflict = single.get('on_conflict')
  const order = single.get('order')
  return {
    select: parseSelect(single.get('select') ?? null),
    filters,
    order: order ? parseOrder(order) : [],
    limit: single.get('limit') ?? null,
    offset: single.get('offset') ?? null,
    embedded,
    columns: columns === undefined ? null : parseNameList('columns', columns),
    onConflict: onConflict === undefined ? null : parseNameList('on_conflict', onConflict),
    args,
  }
}
