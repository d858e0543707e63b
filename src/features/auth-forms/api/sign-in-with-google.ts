import { toAppError } from '../../../lib/errors'
import { getSupabase } from '../../../lib/supabase'

/**
 * Leaves for Google's consent (PKCE); Google sends the user back to returnTo with a code that
 * supabase-js exchanges for a session on arrival. Resolves only if the page could not be left.
 */
export async function signInWithGoogle(returnTo: string): Promise<void> {
  const supabase = await getSupabase()
  const { error } = await supabase.auth.signInWithOAuth({
    provider: 'google',
    options: { redirectTo: returnTo },
  })
  if (error) throw toAppError(error)
}
