import { toAppError } from '../../../lib/errors'
import { getSupabase } from '../../../lib/supabase'

export type AuditRow = {
  id: number
  at: string
  actor_email: string | null
  action: string
  listing_name: string | null
  subject_email: string | null
  reason: string
  note: string
}

export const AUDIT_PAGE_SIZE = 50

/** The audit trail, newest first, a page before `beforeId`. */
export async function getAudit(beforeId: number | null): Promise<AuditRow[]> {
  const supabase = await getSupabase()
  const { data, error } = await supabase.rpc('moderation_audit_page', {
    ...(beforeId ? { before_id: beforeId } : {}),
    page_size: AUDIT_PAGE_SIZE,
  })
  if (error) throw toAppError(error)
  return data
}
