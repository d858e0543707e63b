import { toAppError } from '../../../lib/errors'
import { getPublicDb } from '../../../lib/supabase'
import type { Database } from '../../../types/database'

export type LandlordContact = Database['public']['Functions']['landlord_contact']['Returns'][number]

const isLandlordContact = (row: unknown): row is LandlordContact =>
  typeof row === 'object' &&
  row !== null &&
  typeof (row as Record<string, unknown>).name === 'string' &&
  typeof (row as Record<string, unknown>).email === 'string'

/** The first contact of rpc landlord_contact's answer (a row or a list of rows), or null when there is none. */
export function parseLandlordContact(data: unknown): LandlordContact | null {
  const rows: unknown[] = Array.isArray(data) ? data : data ? [data] : []
  if (!rows.every(isLandlordContact))
    throw new Error('The landlord contact from the API has no name or email')
  return rows[0] ?? null
}

/** The name and email of a user who owns at least one listing, or null for anyone else (rpc landlord_contact). */
export async function getLandlordContact(landlordId: string): Promise<LandlordContact | null> {
  const db = await getPublicDb()
  // A GET (the function is stable): without a body it goes cross-origin with no CORS preflight first.
  const { data, error } = await db.rpc('landlord_contact', { landlord_id: landlordId }, { get: true })
  if (error) throw toAppError(error)
  return parseLandlordContact(data)
}
