import { parseError } from './errors'
import { type Filter, parseFilter, parseLogic } from './filter'
import { type OrderTerm, parseOrder } from './order'
import { parseSelect, type SelectItem } from './select'
import { splitTopLevel, unquote } from './split'

/** Keys that are not filters; `apikey` is the gateway's and never reaches PostgREST. */
const RESERVED = new Set(['select', 'columns', 'on_conflict', 'order', 'limit', 'offset', 'apikey'])
const LOGIC = new Set(['and', 'or', 'not.and', 'not.or'])

export type QueryParts = {
  select: SelectItem[]
  filters: Filter[]
  order: OrderTerm[]
  limit: string | null
  offset: string | null
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
  for (const [key, value] of entries) {
    if (RESERVED.has(key)) single.set(key, value)
    else if (LOGIC.has(key)) filters.push(parseLogic(key, value))
    else if (isArgument(key)) args[key] = value
    else filters.push(parseFilter(key, value))
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
    columns: columns === undefined ? null : parseNameList('columns', columns),
    onConflict: onConflict === undefined ? null : parseNameList('on_conflict', onConflict),
    args,
  }
}
