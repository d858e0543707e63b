import { getSupabase } from '../../../lib/supabase'

/**
 * Completes an emailed reset link. supabase-js has already exchanged a PKCE `?code=` (with the verifier this
 * browser stored) when it started; an implicit link (`#access_token…&type=recovery`) is not taken by a PKCE
 * client, so its tokens are set here. True when a session now lets the user choose a new password.
 */
export async function startRecoverySession(location: URL): Promise<boolean> {
  const hash = new URLSearchParams(location.hash.replace(/^#/, ''))
  const query = location.searchParams
  const failed = ['error', 'error_code', 'error_description'].some((key) => hash.has(key) || query.has(key))
  if (failed) return false
  const supabase = await getSupabase()
  const accessToken = hash.get('access_token')
  const refreshToken = hash.get('refresh_token')
  if (accessToken && refreshToken) {
    const { data, error } = await supabase.auth.setSession({
      access_token: accessToken,
      refresh_token: refreshToken,
    })
    return !error && data.session !== null
  }
  const { data } = await supabase.auth.getSession()
  return data.session !== null
}
