import { type AccountCaller, env } from '../_shared/account-caller.ts'

/** How recent a Google sign-in must be to stand in for the password. */
export const FRESH_SIGN_IN_SECONDS = 5 * 60

/**
 * Whether the caller proved just now that they are the account's owner: the account's password, checked
 * by Auth's password sign-in; or, for an account without a password, a Google sign-in within the last
 * few minutes (the `oauth` entry of the token's `amr`).
 */
export async function reauthenticated(
  caller: AccountCaller,
  password: string | undefined,
  now: number = Date.now() / 1000,
): Promise<boolean> {
  if (password) {
    if (!caller.email) return false
    const response = await fetch(`${env('SUPABASE_URL')}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: env('SUPABASE_ANON_KEY'), 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: caller.email, password }),
    })
    const session = (await response.json().catch(() => ({}))) as { user?: { id?: string } }
    return response.ok && session.user?.id === caller.id
  }
  if (caller.providers.includes('email')) return false
  return (caller.claims.amr ?? []).some(
    (entry) =>
      entry.method === 'oauth' &&
      typeof entry.timestamp === 'number' &&
      now - entry.timestamp <= FRESH_SIGN_IN_SECONDS,
  )
}
