import { toAppError } from '../../../lib/errors'
import { AUTH_STORAGE_KEY, getSupabase } from '../../../lib/supabase'

export const DELETE_ACCOUNT_MESSAGES = {
  wrongPassword: 'That password is not right. Please try again.',
  signInAgain: 'Please sign in with Google again, then delete your account.',
  failed: 'Could not delete your account. Please try again.',
  tooManyTries: 'Too many tries: try again in an hour',
  passwordUnchecked: 'Your password could not be checked just now: try again in a few minutes',
} as const

/** How many listings the person has on the server (the confirmation names them). */
export async function countMyListings(userId: string): Promise<number> {
  const supabase = await getSupabase()
  const { count, error } = await supabase
    .from('listings')
    .select('id', { count: 'exact', head: true })
    .eq('user_ref', userId)
  if (error) throw toAppError(error)
  return count ?? 0
}

/** The delete-account function's answer: deleted, or refused with a message to show. */
export type DeleteOutcome = { status: 'deleted' } | { status: 'refused'; message: string }

/**
 * Deletes the account on the server (the delete-account function, with the password again or a fresh Google
 * sign-in), then drops the session here: its tokens no longer work anywhere.
 */
export async function deleteMyAccount(password: string | null): Promise<DeleteOutcome> {
  const supabase = await getSupabase()
  const { error } = await supabase.functions.invoke('delete-account', {
    method: 'POST',
    body: password === null ? {} : { password },
  })
  if (error) {
    const status = (error as { context?: Response }).context?.status
    if (status === 403)
      return {
        status: 'refused',
        message:
          password === null ? DELETE_ACCOUNT_MESSAGES.signInAgain : DELETE_ACCOUNT_MESSAGES.wrongPassword,
      }
    // 5 wrong passwords in an hour for the account or from this address (the function counts them).
    if (status === 429) return { status: 'refused', message: DELETE_ACCOUNT_MESSAGES.tooManyTries }
    if (status === 503) return { status: 'refused', message: DELETE_ACCOUNT_MESSAGES.passwordUnchecked }
    return { status: 'refused', message: DELETE_ACCOUNT_MESSAGES.failed }
  }
  for (const suffix of ['', '-user', '-code-verifier'])
    localStorage.removeItem(`${AUTH_STORAGE_KEY}${suffix}`)
  await supabase.auth.signOut({ scope: 'local' }).catch(() => undefined)
  return { status: 'deleted' }
}
