import { toAppError } from './errors'
import { getSupabase } from './supabase'

/** The page an email confirmation link opens (src/routes/confirm-email.tsx). */
export const CONFIRM_EMAIL_PATH = '/confirm-email'

/**
 * Emails the person a link that signs them in by email and opens /confirm-email, which then asks the server
 * to record the address as confirmed (reports count only from confirmed emails). It is a sign-in link for an
 * existing account, never a sign-up (`shouldCreateUser: false`), because sign-up already signed them in.
 * `next` is the path to return to afterwards.
 */
export async function sendEmailConfirmationLink(email: string, next?: string): Promise<void> {
  const supabase = await getSupabase()
  const page = new URL(CONFIRM_EMAIL_PATH, window.location.origin)
  if (next) page.searchParams.set('next', next)
  const { error } = await supabase.auth.signInWithOtp({
    email,
    options: { shouldCreateUser: false, emailRedirectTo: page.href },
  })
  // Auth sends one email a minute per address: refused for that, a link is already on its way.
  if (error && error.code !== 'over_email_send_rate_limit') throw toAppError(error)
}
