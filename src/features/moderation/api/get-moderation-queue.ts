import { toAppError } from '../../../lib/errors'
import { getSupabase } from '../../../lib/supabase'

export type QueuedReport = {
  reason: string
  note: string
  at: string
  counts: boolean
  not_counted_because: string | null
}

export type Appeal = {
  decision_id: number
  decision: Decision
  reason: string
  note: string
  decided_at: string
  moderator_email: string | null
  appeal_note: string
  can_decide: boolean
}

export type Decision = 'keep-listed' | 'take-down' | 'ask-to-fix'

export type ModerationCase = {
  caseId: number
  priority: number
  openedAt: string
  listingId: string
  listingName: string
  listingType: string
  listingLocation: string
  imageUrls: string[]
  hidden: boolean
  landlordEmail: string | null
  appeal: Appeal | null
  reports: QueuedReport[]
  otherListings: { id: string; name: string }[]
  pastDecisions: { listing_name: string; decision: Decision; reason: string; decided_at: string }[]
}

export type QueueCursor = Pick<ModerationCase, 'priority' | 'openedAt' | 'caseId'>

export const QUEUE_PAGE_SIZE = 20

/** A page of the moderation queue (hidden listings and appeals first), after `cursor` (keyset). */
export async function getModerationQueue(cursor: QueueCursor | null): Promise<ModerationCase[]> {
  const supabase = await getSupabase()
  const { data, error } = await supabase.rpc('moderation_queue', {
    ...(cursor
      ? { after_priority: cursor.priority, after_opened_at: cursor.openedAt, after_id: cursor.caseId }
      : {}),
    page_size: QUEUE_PAGE_SIZE,
  })
  if (error) throw toAppError(error)
  return data.map((row) => ({
    caseId: row.case_id,
    priority: row.priority,
    openedAt: row.opened_at,
    listingId: row.listing_id,
    listingName: row.listing_name,
    listingType: row.listing_type,
    listingLocation: row.listing_location,
    imageUrls: row.image_urls,
    hidden: row.hidden,
    landlordEmail: row.landlord_email,
    appeal: row.appeal as unknown as Appeal | null,
    reports: row.reports as unknown as QueuedReport[],
    otherListings: row.other_listings as unknown as ModerationCase['otherListings'],
    pastDecisions: row.past_decisions as unknown as ModerationCase['pastDecisions'],
  }))
}
