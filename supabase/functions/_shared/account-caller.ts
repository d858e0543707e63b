/**
 * The signed-in person calling an account function (delete-account, export-data): found by asking Auth
 * for the user of the caller's own token, so an ended session or a deleted user is refused as Auth
 * refuses it, and the function acts on that user only, never on an id the request names.
 */

export type AccountCaller = {
  id: string
  email: string | null
  /** The sign-in providers of the account (`email`, `google`). */
  providers: string[]
  /** The caller's access token, as sent. */
  token: string
  /** The token's claims (already verified by Auth). */
  claims: { amr?: { method?: string; timestamp?: number }[]; iat?: number }
}

/** Headers a browser app needs to call the function from its own origin (hosted leaves CORS to functions). */
export const CORS_HEADERS: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
}

export const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { ...CORS_HEADERS, 'Content-Type': 'application/json', ...headers },
  })

export function env(name: string): string {
  const value = Deno.env.get(name)
  if (!value) throw new Error(`${name} is not set`)
  return value
}

function claimsOf(token: string): AccountCaller['claims'] {
  const part = token.split('.')[1] ?? ''
  try {
    return JSON.parse(
      atob(
        part
          .replace(/-/g, '+')
          .replace(/_/g, '/')
          .padEnd(Math.ceil(part.length / 4) * 4, '='),
      ),
    )
  } catch {
    return {}
  }
}

/** The caller, or null when the token is missing, not a user's, ended or of a deleted user. */
export async function accountCaller(request: Request): Promise<AccountCaller | null> {
  const token = request.headers.get('Authorization')?.replace(/^Bearer\s+/i, '') ?? ''
  if (!token) return null
  const response = await fetch(`${env('SUPABASE_URL')}/auth/v1/user`, {
    headers: { apikey: env('SUPABASE_ANON_KEY'), Authorization: `Bearer ${token}` },
  })
  if (!response.ok) {
    await response.body?.cancel()
    return null
  }
  const user = (await response.json()) as {
    id?: string
    email?: string | null
    app_metadata?: { providers?: string[]; provider?: string }
  }
  if (!user.id) return null
  const providers =
    user.app_metadata?.providers ?? (user.app_metadata?.provider ? [user.app_metadata.provider] : [])
  return { id: user.id, email: user.email ?? null, providers, token, claims: claimsOf(token) }
}
