import { toAppError } from '../../../lib/errors'
import { getSupabase } from '../../../lib/supabase'
import { LISTING_COLUMNS, type ListingType, parseListingRows } from '../types'
import {
  afterCursorFilter,
  type ListingsCursor,
  type ListingsPage,
  PAGE_SIZE,
  toPage,
} from './listings-keyset'

export type { ListingsCursor, ListingsPage }

/** Which listings a list shows: those on offer (/offers) or those of one type (/category/{type}). */
export type ListingsFilter = { kind: 'offers' } | { kind: 'type'; type: ListingType }

/** One page of listings, newest first, starting after `cursor` (or at the top when null). */
export async function getListingsPage(
  filter: ListingsFilter,
  cursor: ListingsCursor | null,
): Promise<ListingsPage> {
  const supabase = await getSupabase()
  let query = supabase.from('listings').select(LISTING_COLUMNS)
  query = filter.kind === 'offers' ? query.eq('offer', true) : query.eq('type', filter.type)
  if (cursor) query = query.or(afterCursorFilter(cursor))
  const { data, error } = await query
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .limit(PAGE_SIZE + 1)
  if (error) throw toAppError(error)
  return toPage(parseListingRows(data))
}
