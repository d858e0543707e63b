import { toAppError } from '../../../lib/errors'
import { getSupabase } from '../../../lib/supabase'

/** Sets the signed-in (or recovering) user's new password. */
export async function updatePassword(password: string): Promise<void> {
  const supabase = await getSupabase()
  const { error } = await supabase.auth.updateUser({ password })
  if (error) throw toAppError(error)
}
