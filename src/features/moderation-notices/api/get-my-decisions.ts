import { toAppError } from '../../../lib/errors'
import { getSupabase } from '../../../lib/supabase'

export type ListingDecision = {
  decisionId: number
  listingName: string
  decision: 'keep-listed' | 'take-down' | 'ask-to-fix'
  reason: string
  note: string
  decidedAt: string
  onAppeal: boolean
  /** null: no review asked; waiting: asked, not decided yet; decided: a review decided it. */
  review: 'waiting' | 'decided' | null
  canAskForReview: boolean
}

/** The moderators' decisions about the person's listings (public.my_moderation_decisions). */
export async function getMyDecisions(): Promise<ListingDecision[]> {
  const supabase = await getSupabase()
  const { data, error } = await supabase.rpc('my_moderation_decisions')
  if (error) throw toAppError(error)
  return data.map((row) => ({
    decisionId: row.decision_id,
    listingName: row.listing_name,
    decision: row.decision as ListingDecision['decision'],
    reason: row.reason,
    note: row.note,
    decidedAt: row.decided_at,
    onAppeal: row.on_appeal,
    review: row.review as ListingDecision['review'],
    canAskForReview: row.can_ask_for_review,
  }))
}
