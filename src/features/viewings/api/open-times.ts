import { readPublic } from '../../../lib/supabase'
import { viewingError } from './viewing-errors'

// A listing's bookable times, read without the API clients (a plain public read), so the listing page's
// first visit loads neither supabase-js nor PostgREST's client for its `Book a viewing` panel.

/** A time offered on a listing. */
export type ViewingTime = { id: string; startsAt: string; minutes: number; confirmEach: boolean }

type OpenSlotRow = { id: string; starts_at: string; minutes: number; confirm_each: boolean }

/** The listing's next open times, at least an hour ahead and not taken (anyone may read them). */
export async function fetchOpenTimes(listingId: string): Promise<ViewingTime[]> {
  try {
    const rows = (await readPublic(
      `rpc/open_viewing_slots?listing_id=${encodeURIComponent(listingId)}`,
    )) as OpenSlotRow[]
    return rows.map((s) => ({
      id: s.id,
      startsAt: s.starts_at,
      minutes: s.minutes,
      confirmEach: s.confirm_each,
    }))
  } catch (error) {
    throw viewingError(error)
  }
}
