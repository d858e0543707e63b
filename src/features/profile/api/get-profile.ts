import { toAppError } from '../../../lib/errors'
import { getSupabase } from '../../../lib/supabase'

export type ProfileDetails = { name: string; email: string }

/** The signed-in user's name and email: the profile row, falling back to the auth user's own fields. */
export async function getProfile(user: {
  id: string
  email?: string | undefined
  user_metadata?: Record<string, unknown>
}): Promise<ProfileDetails> {
  const supabase = await getSupabase()
  const { data, error } = await supabase.from('profiles').select('name,email').eq('id', user.id).maybeSingle()
  if (error) throw toAppError(error)
  const metadataName = user.user_metadata?.name
  return {
    name: data?.name ?? (typeof metadataName === 'string' ? metadataName : ''),
    // The auth user's email is the one that signs in; the profile row follows it.
    email: user.email || data?.email || '',
  }
}
