import { toAppError } from '../../../lib/errors'
import { getSupabase } from '../../../lib/supabase'

/** Ends the session here and on the server. */
export async function signOut(): Promise<void> {
  const supabase = await getSupabase()
  const { error } = await supabase.auth.signOut()
  if (error) throw toAppError(error)
}
