import { toAppError } from '../../../lib/errors'
import { getPublicDb } from '../../../lib/supabase'
import type { Database } from '../../../types/database'

export type LandlordContact = Database['public']['Functions']['landlord_contact']['Returns'][number]

const isLandlordContact = (row: unknown): row is LandlordContact =>
  typeof row === 'object' &&
  row !== null &&
  typeof (row as Record<string, unknown>).name === 'string' &&
  (typeof (row as Record<string, unknown>).email === 'string' ||
    (row as Record<string, unknown>).email === null)

/** The first contact of rpc landlord_contact's answer (a row or a list of rows), or null when there is none. */
export function parseLandlordContact(data: unknown): LandlordContact | null {
  const rows: unknown[] = Array.isArray(data) ? data : data ? [data] : []
  if (!rows.every(isLandlordContact))
    throw new Error('The landlord contact from the API has no name or email')
  return rows[0] ?? null
}

/**
 * The name of a user who owns at least one listing and their email when they show it to visitors, or
 * null for anyone else (rpc landlord_contact). A POST: the server counts each read against the
 * caller's address (at most 20 landlords an hour), which a read-only GET cannot do.
 */
export async function getLandlordContact(landlordId: string): Promise<LandlordContact | null> {
  const db = await getPublicDb()
  const { data, error } = await db.rpc('landlord_contact', { landlord_id: landlordId })
  if (error) throw toAppError(error)
  return parseLandlordContact(data)
}
