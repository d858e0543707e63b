import { toOutboxFailure } from '../../../lib/outbox/failure'
import { getSupabase } from '../../../lib/supabase'
import type { Database } from '../../../types/database'
import type { Viewing, ViewingStatus } from '../../../types/viewing'
import type { ViewingTime } from './open-times'
import { viewingError } from './viewing-errors'

// The server's viewing times and bookings. Every rule (one booking a slot, the limits, who may change what)
// is the database's: these calls only carry the person's choice and word its refusals.

type ViewingRow = Database['public']['Functions']['my_viewings']['Returns'][number]

export type { ViewingTime }

const toViewing = (row: ViewingRow): Viewing => ({
  id: row.id,
  slotId: row.slot_id,
  listingId: row.listing_id,
  role: row.role === 'landlord' ? 'landlord' : 'hunter',
  status: row.status as ViewingStatus,
  cancelledLate: row.cancelled_late,
  startsAt: row.starts_at,
  endsAt: row.ends_at,
  otherName: row.other_name ?? null,
  conversationId: row.conversation_id ?? null,
  listingName: row.listing_name,
  listingType: row.listing_type === 'sale' ? 'sale' : 'rent',
  location: row.location,
  latitude: row.latitude ?? null,
  longitude: row.longitude ?? null,
  bedrooms: row.bedrooms,
  bathrooms: row.bathrooms,
  price: row.price,
  imageUrls: row.image_urls ?? [],
})

/** The caller's viewings from yesterday on, both sides, in time order. */
export async function fetchMyViewings(): Promise<Viewing[]> {
  const supabase = await getSupabase()
  const { data, error } = await supabase.rpc('my_viewings', {})
  if (error) throw viewingError(error)
  return (data ?? []).map(toViewing)
}

/** The landlord's open times on a listing. */
export async function fetchOfferedTimes(listingId: string): Promise<ViewingTime[]> {
  const supabase = await getSupabase()
  const { data, error } = await supabase
    .from('viewing_slots')
    .select('id, starts_at, minutes, confirm_each')
    .eq('listing_id', listingId)
    .is('removed_at', null)
    .gt('starts_at', new Date().toISOString())
    .order('starts_at')
  if (error) throw viewingError(error)
  return (data ?? []).map((s) => ({
    id: s.id,
    startsAt: s.starts_at,
    minutes: s.minutes,
    confirmEach: s.confirm_each,
  }))
}

/** Offers times on a listing, all or none (one statement). */
export async function offerTimes(
  listingId: string,
  starts: readonly Date[],
  minutes: number,
  confirmEach: boolean,
): Promise<void> {
  const supabase = await getSupabase()
  const { error } = await supabase.from('viewing_slots').insert(
    starts.map((start) => ({
      listing_id: listingId,
      starts_at: start.toISOString(),
      minutes,
      confirm_each: confirmEach,
    })),
  )
  if (error) throw viewingError(error)
}

/** Removes a time; its booking, if any, is cancelled with a message. */
export async function removeTime(slotId: string): Promise<void> {
  const supabase = await getSupabase()
  const { error } = await supabase.rpc('remove_viewing_slot', { slot_id: slotId })
  if (error) throw viewingError(error)
}

/** `Book instantly` (false) or `I confirm each request` (true) for the listing's open times. */
export async function setConfirmEach(listingId: string, confirmEach: boolean): Promise<void> {
  const supabase = await getSupabase()
  const { error } = await supabase.rpc('set_viewing_mode', {
    listing_id: listingId,
    confirm_each: confirmEach,
  })
  if (error) throw viewingError(error)
}

/** Books a time: `booked` when it books instantly, else `requested`. */
export async function bookTime(
  slotId: string,
): Promise<{ id: string; status: ViewingStatus; startsAt: string }> {
  const supabase = await getSupabase()
  const { data, error } = await supabase.rpc('book_viewing', {
    slot_id: slotId,
    booking_id: crypto.randomUUID(),
  })
  const row = data?.[0]
  if (error || !row) throw viewingError(error ?? new Error('The booking did not come back'))
  return { id: row.id, status: row.status as ViewingStatus, startsAt: row.starts_at }
}

/** The landlord confirms or declines a request. */
export async function answerRequest(bookingId: string, accept: boolean): Promise<void> {
  const supabase = await getSupabase()
  const { error } = await supabase.rpc('answer_viewing_request', { booking_id: bookingId, accept })
  if (error) throw viewingError(error)
}

/** A queued cancellation, sent by the outbox (idempotent on the server). */
export async function sendCancel(bookingId: string): Promise<void> {
  const supabase = await getSupabase()
  const { error, status } = await supabase.rpc('cancel_viewing', { booking_id: bookingId })
  if (error) throw toOutboxFailure(viewingError(error), status)
}

/** A queued `Running late`, sent by the outbox (one message by its id). */
export async function sendRunningLate(bookingId: string, messageId: string, minutes: number): Promise<void> {
  const supabase = await getSupabase()
  const { error, status } = await supabase.rpc('viewing_running_late', {
    booking_id: bookingId,
    message_id: messageId,
    minutes,
  })
  if (error) throw toOutboxFailure(viewingError(error), status)
}
