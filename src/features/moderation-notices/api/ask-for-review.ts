import { toAppError } from '../../../lib/errors'
import { getSupabase } from '../../../lib/supabase'

/** `Ask for a review`: once per decision, within 30 days; another moderator decides it. */
export async function askForReview(decisionId: number, note: string): Promise<void> {
  const supabase = await getSupabase()
  const { error } = await supabase.rpc('moderation_appeal', { decision_id: decisionId, note })
  if (error) throw toAppError(error)
}
