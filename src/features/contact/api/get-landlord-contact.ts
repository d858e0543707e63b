import * as z from 'zod/mini'
import { toAppError } from '../../../lib/errors'
import { getPublicDb } from '../../../lib/supabase'

export const landlordContactSchema = z.object({ name: z.string(), email: z.string() })
export type LandlordContact = z.infer<typeof landlordContactSchema>

/** The name and email of a user who owns at least one listing, or null for anyone else (rpc landlord_contact). */
export async function getLandlordContact(landlordId: string): Promise<LandlordContact | null> {
  const db = getPublicDb()
  const { data, error } = await db.rpc('landlord_contact', { landlord_id: landlordId })
  if (error) throw toAppError(error)
  const rows = z.array(landlordContactSchema).parse(Array.isArray(data) ? data : data ? [data] : [])
  return rows[0] ?? null
}
