import { sendEmailConfirmationLink } from '../../../lib/email-confirmation'
import { toAppError } from '../../../lib/errors'
import { getSupabase } from '../../../lib/supabase'

/**
 * Creates an account; the name goes into the user's metadata, from which a database trigger makes the profile.
 * Returns whether the user is signed in now (false when the project asks to confirm the email first).
 * Signed in at once, they are also sent the link that confirms their email (needed for their reports to
 * count); the report screen offers it again, so a failure to send it does not fail the sign-up.
 */
export async function signUpWithPassword(account: {
  name: string
  email: string
  password: string
}): Promise<{ signedIn: boolean }> {
  const supabase = await getSupabase()
  const { data, error } = await supabase.auth.signUp({
    email: account.email,
    password: account.password,
    options: { data: { name: account.name } },
  })
  if (error) throw toAppError(error)
  if (data.session) await sendEmailConfirmationLink(account.email).catch(() => undefined)
  return { signedIn: data.session !== null }
}
