import { toAppError } from '../../../lib/errors'
import { getPublicDb } from '../../../lib/supabase'

export type ContactListing = { id: string; type: 'rent' | 'sale' }

/**
 * The landlord's listing of that name, for a contact link that names the listing without its id (the spec's
 * `/contact/<landlord>?listingName=…`): with it, a visitor can still write in Roost. Null when none matches.
 */
export async function findLandlordListing(landlordId: string, name: string): Promise<ContactListing | null> {
  const db = await getPublicDb()
  const { data, error } = await db
    .from('listings')
    .select('id, type')
    .eq('user_ref', landlordId)
    .eq('name', name)
    .order('created_at', { ascending: false })
    .limit(1)
  if (error) throw toAppError(error)
  const row = (data ?? [])[0] as { id?: unknown; type?: unknown } | undefined
  return row && typeof row.id === 'string' && (row.type === 'rent' || row.type === 'sale')
    ? { id: row.id, type: row.type }
    : null
}
