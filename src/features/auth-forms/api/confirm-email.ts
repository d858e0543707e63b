import { getSupabase } from '../../../lib/supabase'
import { startRecoverySession } from './start-recovery-session'

/**
 * Completes an emailed confirmation link (a sign-in link: PKCE `?code=` or implicit tokens, as a reset link),
 * then asks the server to record the email as confirmed, which it does only for a session the link made.
 * True when the email is confirmed now.
 */
export async function confirmEmailFromLink(location: URL): Promise<boolean> {
  if (!(await startRecoverySession(location))) return false
  const supabase = await getSupabase()
  const { data, error } = await supabase.rpc('confirm_my_email')
  return !error && data === true
}
