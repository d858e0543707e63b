import { type AccountCaller, env } from '../_shared/account-caller.ts'

/** How recent a Google sign-in must be to stand in for the password. */
export const FRESH_SIGN_IN_SECONDS = 5 * 60

/**
 * What Auth's password sign-in says of the account's password: `right`, `wrong`, or `unavailable` when Auth
 * could not check it (its own per-address limit, which every function's sign-in shares since they all come
 * from the functions' address, or an error). Our own limit (5 wrong tries an hour per account and per
 * caller address, begin_password_check) stops a guesser long before Auth's 30 sign-ins per 5 minutes.
 */
export async function passwordCheck(
  caller: AccountCaller,
  password: string,
): Promise<'right' | 'wrong' | 'unavailable'> {
  if (!caller.email) return 'wrong'
  let response: Response
  try {
    response = await fetch(`${env('SUPABASE_URL')}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: env('SUPABASE_ANON_KEY'), 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: caller.email, password }),
    })
  } catch {
    // Auth did not answer: nothing was checked, so the try must not count.
    return 'unavailable'
  }
  const session = (await response.json().catch(() => ({}))) as { user?: { id?: string } }
  if (response.ok) return session.user?.id === caller.id ? 'right' : 'wrong'
  // Auth answers a wrong password with 400 (invalid_credentials); 429 and 5xx checked nothing.
  return response.status === 400 ? 'wrong' : 'unavailable'
}

/**
 * Whether an account without a password proved just now that it is the owner: a Google sign-in within the
 * last few minutes (the `oauth` entry of the token's `amr`).
 */
export function freshOAuthSignIn(caller: AccountCaller, now: number = Date.now() / 1000): boolean {
  if (caller.providers.includes('email')) return false
  return (caller.claims.amr ?? []).some(
    (entry) =>
      entry.method === 'oauth' &&
      typeof entry.timestamp === 'number' &&
      now - entry.timestamp <= FRESH_SIGN_IN_SECONDS,
  )
}
