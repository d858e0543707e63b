import { toAppError } from '../../../lib/errors'
import { getSupabase } from '../../../lib/supabase'

export type Notice = { id: number; body: string; created_at: string }

/** What Roost told the person about moderation decisions (their reports' outcomes, their listings'), newest first. */
export async function getNotices(): Promise<Notice[]> {
  const supabase = await getSupabase()
  const { data, error } = await supabase
    .from('moderation_notices')
    .select('id, body, created_at')
    .order('id', { ascending: false })
    .limit(50)
  if (error) throw toAppError(error)
  return data
}
