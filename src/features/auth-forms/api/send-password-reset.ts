import { toAppError } from '../../../lib/errors'
import { getSupabase } from '../../../lib/supabase'

/** Emails a link that opens /reset-password signed in for recovery (the answer is the same for unknown emails). */
export async function sendPasswordReset(email: string, resetPageUrl: string): Promise<void> {
  const supabase = await getSupabase()
  const { error } = await supabase.auth.resetPasswordForEmail(email, { redirectTo: resetPageUrl })
  if (error) throw toAppError(error)
}
