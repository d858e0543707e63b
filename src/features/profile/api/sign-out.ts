import { toAppError } from '../../../lib/errors'
import { getSupabase } from '../../../lib/supabase'

/** Ends the session on the server and here; offline (or if the server fails) it still ends here. */
export async function signOut(): Promise<void> {
  const supabase = await getSupabase()
  const { error } = await supabase.auth.signOut()
  if (!error) return
  const local = await supabase.auth.signOut({ scope: 'local' })
  if (local.error) throw toAppError(local.error)
}
