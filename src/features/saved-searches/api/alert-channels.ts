import { toAppError } from '../../../lib/errors'
import { getSupabase } from '../../../lib/supabase'

/** How a saved search's alerts reach the person, and why email stopped when the server stopped it. */
export type AlertChannels = { push: boolean; email: boolean; emailStopped: 'bounced' | 'unsubscribed' | null }

/** A search without a row alerts by push only, as before email existed. */
export const PUSH_ONLY: AlertChannels = { push: true, email: false, emailStopped: null }

/** The person's searches' channels, by search id (RLS shows only theirs). */
export async function fetchAlertChannels(): Promise<Map<string, AlertChannels>> {
  const supabase = await getSupabase()
  const { data, error } = await supabase
    .from('saved_search_channels')
    .select('saved_search_id, push, email, email_stopped')
  if (error) throw toAppError(error)
  return new Map(
    data.map((row) => [
      row.saved_search_id,
      {
        push: row.push,
        email: row.email,
        emailStopped:
          row.email_stopped === 'bounced' || row.email_stopped === 'unsubscribed' ? row.email_stopped : null,
      },
    ]),
  )
}

/** Sets a search's channels (the server clears why email stopped when email is turned on again). */
export async function setAlertChannels(searchId: string, channels: Pick<AlertChannels, 'push' | 'email'>) {
  const supabase = await getSupabase()
  const { error } = await supabase
    .from('saved_search_channels')
    .upsert({ saved_search_id: searchId, ...channels }, { onConflict: 'saved_search_id' })
  if (error) throw toAppError(error)
}
