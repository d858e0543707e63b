import { toAppError } from '../../../lib/errors'
import { AUTH_STORAGE_KEY, getSupabase } from '../../../lib/supabase'

/**
 * Ends the session on the server and here. Offline the server cannot be told (supabase-js then keeps the
 * session), so the stored session is dropped first and signOut only ends it here, telling the app.
 */
export async function signOut(): Promise<void> {
  const supabase = await getSupabase()
  const { error } = await supabase.auth.signOut()
  if (!error) return
  for (const suffix of ['', '-user', '-code-verifier'])
    localStorage.removeItem(`${AUTH_STORAGE_KEY}${suffix}`)
  const local = await supabase.auth.signOut({ scope: 'local' })
  if (local.error) throw toAppError(local.error)
}
