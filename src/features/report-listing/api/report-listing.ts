import { toAppError } from '../../../lib/errors'
import { getSupabase } from '../../../lib/supabase'

export const REPORT_REASONS = [
  'Scam or fraud',
  'Wrong details',
  'Already let or sold',
  'Offensive',
  'Other',
] as const
export type ReportReason = (typeof REPORT_REASONS)[number]

/** Whether the server took the report, or already had this person's report of the listing. */
export type ReportOutcome = 'reported' | 'already-reported'

/** Sends the signed-in person's report of a listing (one per person per listing). */
export async function reportListing(
  listingId: string,
  reason: ReportReason,
  note: string,
): Promise<ReportOutcome> {
  const supabase = await getSupabase()
  const { error } = await supabase
    .from('listing_reports')
    .insert({ listing_id: listingId, reason, note: note.trim() })
  if (!error) return 'reported'
  if (error.code === '23505') return 'already-reported'
  throw toAppError(error)
}
