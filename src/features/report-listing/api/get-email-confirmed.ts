import { toAppError } from '../../../lib/errors'
import { getSupabase } from '../../../lib/supabase'

/** Whether the signed-in person's email is confirmed: only then do their reports count towards a hold. */
export async function getEmailConfirmed(): Promise<boolean> {
  const supabase = await getSupabase()
  const { data, error } = await supabase.rpc('my_email_is_confirmed')
  if (error) throw toAppError(error)
  return data === true
}
