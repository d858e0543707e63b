import { toAppError } from '../../../lib/errors'
import { getSupabase } from '../../../lib/supabase'

/** Signs in with email and password; the session is stored and the app's auth state follows. */
export async function signInWithPassword(credentials: { email: string; password: string }): Promise<void> {
  const supabase = await getSupabase()
  const { error } = await supabase.auth.signInWithPassword(credentials)
  if (error) throw toAppError(error)
}
