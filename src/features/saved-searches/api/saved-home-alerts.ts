import { AppError, toAppError } from '../../../lib/errors'
import { getSupabase } from '../../../lib/supabase'

/** Whether the person asked to hear when a saved home changes (profiles.saved_home_alerts). */
export async function getSavedHomeAlerts(userId: string): Promise<boolean> {
  const supabase = await getSupabase()
  const { data, error } = await supabase
    .from('profiles')
    .select('saved_home_alerts')
    .eq('id', userId)
    .maybeSingle()
  if (error) throw toAppError(error)
  return data?.saved_home_alerts ?? false
}

export async function setSavedHomeAlerts(userId: string, on: boolean): Promise<void> {
  const supabase = await getSupabase()
  const { data, error } = await supabase
    .from('profiles')
    .update({ saved_home_alerts: on })
    .eq('id', userId)
    .select('id')
  if (error) throw toAppError(error)
  if (!data || data.length === 0) throw new AppError('Profile not found', { code: 'profile_not_found' })
}
