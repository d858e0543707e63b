import { randomUUID } from 'node:crypto'
import { expect } from 'vitest'
import { type TestUser, withDatabase } from './clients'
import { validListing } from './rls-cases'

/** Helpers for the viewings tests: a landlord's listing, its times, a time N minutes from now. */

const MINUTE = 60_000

/** An ISO time `minutes` from now, on a whole minute. */
export const inMinutes = (minutes: number) =>
  new Date(Math.floor((Date.now() + minutes * MINUTE) / MINUTE) * MINUTE).toISOString()

/** A published listing of the landlord's, returning its id. */
export async function listingOf(
  landlord: TestUser,
  overrides: Record<string, unknown> = {},
): Promise<string> {
  const id = randomUUID()
  const { error } = await landlord.client.from('listings').insert(validListing(id, overrides))
  if (error) throw error
  return id
}

/** Offers one time, returning its id. */
export async function offerTime(
  landlord: TestUser,
  listingId: string,
  startsInMinutes: number,
  options: { minutes?: number; confirmEach?: boolean } = {},
): Promise<string> {
  const { data, error } = await landlord.client
    .from('viewing_slots')
    .insert({
      listing_id: listingId,
      starts_at: inMinutes(startsInMinutes),
      minutes: options.minutes ?? 20,
      confirm_each: options.confirmEach ?? false,
    })
    .select('id')
    .single()
  if (error) throw error
  return (data as { id: string }).id
}

export type Booked = { id: string; status: string; starts_at: string; ends_at: string }

/** Books a time as `hunter`; the booking, or the error's code and message. */
export async function book(hunter: TestUser, slotId: string) {
  const { data, error } = await hunter.client.rpc('book_viewing', { slot_id: slotId })
  const rows = (data ?? []) as Booked[]
  return { booking: rows[0], error: error ? { code: error.code, message: error.message } : null }
}

/** The lines of the listing's conversation between the hunter and its landlord, oldest first. */
export async function conversationLines(listingId: string, hunterId: string): Promise<string[]> {
  return withDatabase(async (db) => {
    const { rows } = await db.query<{ body: string }>(
      `select m.body from public.messages as m
       join public.conversations as c on c.id = m.conversation_id
       where c.listing_id = $1 and c.hunter_id = $2 order by m.created_at, m.id`,
      [listingId, hunterId],
    )
    return rows.map((r) => r.body)
  })
}

export function expectRefused(
  result: { error: { code?: string; message: string } | null },
  code: string,
  message: string,
) {
  expect(result.error).toEqual({ code, message })
}
