import { toAppError } from '../../../lib/errors'
import { getSupabase } from '../../../lib/supabase'

/**
 * Changes the sign-in email. Where the project asks to confirm changes, the new address applies once
 * confirmed (the answer's new_email); the profile row follows the auth email.
 */
export async function updateEmail(email: string): Promise<{ pending: boolean }> {
  const supabase = await getSupabase()
  const { data, error } = await supabase.auth.updateUser({ email })
  if (error) throw toAppError(error)
  return { pending: data.user.email?.toLowerCase() !== email.toLowerCase() }
}
