import { env } from '../../../config/env'
import { toAppError } from '../../../lib/errors'
import { getSupabase } from '../../../lib/supabase'

/** Where supabase-js keeps the session in localStorage (its default key for this project URL). */
const sessionKey = () => `sb-${new URL(env.supabaseUrl).hostname.split('.')[0]}-auth-token`

/**
 * Ends the session on the server and here. Offline the server cannot be told (supabase-js then keeps the
 * session), so the stored session is dropped first and signOut only ends it here, telling the app.
 */
export async function signOut(): Promise<void> {
  const supabase = await getSupabase()
  const { error } = await supabase.auth.signOut()
  if (!error) return
  for (const suffix of ['', '-user', '-code-verifier']) localStorage.removeItem(`${sessionKey()}${suffix}`)
  const local = await supabase.auth.signOut({ scope: 'local' })
  if (local.error) throw toAppError(local.error)
}
