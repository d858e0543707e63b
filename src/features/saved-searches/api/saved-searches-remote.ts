import type {
  SavedSearchAlerts,
  SavedSearchCreate,
  SavedSearchPatch,
  ServerSavedSearch,
} from '../../../device/saved-searches'
import { toOutboxFailure } from '../../../lib/outbox/failure'
import { getSupabase } from '../../../lib/supabase'
import type { Json } from '../../../types/database'

// The server's saved searches (public.saved_searches, RLS: each person only their own). Every write is
// idempotent, so the outbox may send one again after a lost answer: a create by the client's id ignores a
// row already there, an update sets values, a delete of a row already gone deletes nothing.

/** Inserts a saved search by the id the device gave it; a row already there is left as it is. */
export async function insertSavedSearch(search: SavedSearchCreate): Promise<void> {
  const supabase = await getSupabase()
  const { error, status } = await supabase.from('saved_searches').upsert(
    {
      id: search.id,
      name: search.name,
      params: search.params as { [key: string]: Json },
      alerts: search.alerts,
    },
    { onConflict: 'id', ignoreDuplicates: true },
  )
  if (error) throw toOutboxFailure(error, status)
}

/** Renames a saved search or changes its alerts. */
export async function updateSavedSearch(id: string, patch: SavedSearchPatch): Promise<void> {
  const supabase = await getSupabase()
  const { error, status } = await supabase
    .from('saved_searches')
    .update({ ...patch, updated_at: new Date().toISOString() })
    .eq('id', id)
  if (error) throw toOutboxFailure(error, status)
}

export async function removeSavedSearch(id: string): Promise<void> {
  const supabase = await getSupabase()
  const { error, status } = await supabase.from('saved_searches').delete().eq('id', id)
  if (error) throw toOutboxFailure(error, status)
}

/** Marks the search opened now on the server; returns when it was opened before (null if it is not there). */
export async function openSavedSearchOnServer(id: string): Promise<string | null> {
  const supabase = await getSupabase()
  const { data, error, status } = await supabase.rpc('open_saved_search', { search_id: id })
  if (error) throw toOutboxFailure(error, status)
  return typeof data === 'string' ? data : null
}

/** The signed-in person's saved searches with their counts of new homes. */
export async function fetchSavedSearches(): Promise<ServerSavedSearch[]> {
  const supabase = await getSupabase()
  const [rows, counts] = await Promise.all([
    supabase
      .from('saved_searches')
      .select('id,name,params,alerts,last_opened_at,created_at')
      .order('created_at', { ascending: false }),
    supabase.rpc('saved_search_new_counts'),
  ])
  if (rows.error) throw toOutboxFailure(rows.error, rows.status)
  if (counts.error) throw toOutboxFailure(counts.error, counts.status)
  const newCounts = new Map((counts.data ?? []).map((row) => [row.saved_search_id, row.new_count]))
  return rows.data.map((row) => ({
    id: row.id,
    name: row.name,
    params: (row.params ?? {}) as Record<string, unknown>,
    // The column's check constraint allows only these.
    alerts: row.alerts as SavedSearchAlerts,
    lastOpenedAt: row.last_opened_at,
    createdAt: row.created_at,
    newCount: newCounts.get(row.id) ?? 0,
  }))
}
