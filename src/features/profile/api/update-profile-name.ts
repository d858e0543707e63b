import { AppError, toAppError } from '../../../lib/errors'
import { getSupabase } from '../../../lib/supabase'

/** Renames the user in public.profiles (what landlords' contacts show) and in their auth metadata. */
export async function updateProfileName(userId: string, name: string): Promise<void> {
  const supabase = await getSupabase()
  const { data, error } = await supabase.from('profiles').update({ name }).eq('id', userId).select('id')
  if (error) throw toAppError(error)
  if (!data || data.length === 0) throw new AppError('Profile not found', { code: 'profile_not_found' })
  const { error: authError } = await supabase.auth.updateUser({ data: { name } })
  if (authError) throw toAppError(authError)
}
