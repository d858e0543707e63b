import { AppError, toAppError } from '../../../lib/errors'
import { getSupabase } from '../../../lib/supabase'

/** Whether landlord_contact gives visitors this person's email (`Show my email to visitors`). */
export async function getShowEmail(userId: string): Promise<boolean> {
  const supabase = await getSupabase()
  const { data, error } = await supabase.from('profiles').select('show_email').eq('id', userId).maybeSingle()
  if (error) throw toAppError(error)
  return data?.show_email ?? true
}

/** Whether the person has a listing of their own: the setting is theirs only once visitors can contact them. */
export async function ownsListings(userId: string): Promise<boolean> {
  const supabase = await getSupabase()
  const { data, error } = await supabase.from('listings').select('id').eq('user_ref', userId).limit(1)
  if (error) throw toAppError(error)
  return (data ?? []).length > 0
}

export async function setShowEmail(userId: string, show: boolean): Promise<void> {
  const supabase = await getSupabase()
  const { data, error } = await supabase
    .from('profiles')
    .update({ show_email: show })
    .eq('id', userId)
    .select('id')
  if (error) throw toAppError(error)
  if (!data || data.length === 0) throw new AppError('Profile not found', { code: 'profile_not_found' })
}
