import type { AuthChangeEvent, SupabaseClient as Client, Session, User } from '@supabase/supabase-js'
import { env } from '../config/env'
import type { Database } from '../types/database'

export type { AuthChangeEvent, Session, User }
export type SupabaseClient = Client<Database>

let client: Promise<SupabaseClient> | undefined

/**
 * The app's one Supabase client: PKCE auth, session kept in localStorage and refreshed in the background.
 * The SDK (~55 kB gzip) loads in its own chunk, requested at start-up alongside the first screen's code.
 */
export function getSupabase(): Promise<SupabaseClient> {
  client ??= import('@supabase/supabase-js').then(({ createClient }) =>
    createClient<Database>(env.supabaseUrl, env.supabaseAnonKey, {
      auth: {
        flowType: 'pkce',
        persistSession: true,
        autoRefreshToken: true,
        detectSessionInUrl: true,
      },
    }),
  )
  return client
}

/** The stored session (refreshed first if it has expired), or null when signed out. */
export async function getCurrentSession(): Promise<Session | null> {
  const supabase = await getSupabase()
  const { data, error } = await supabase.auth.getSession()
  if (error) return null
  return data.session
}

/** Calls back on every auth change (sign-in, sign-out, token refresh); returns the unsubscribe function. */
export async function onAuthChange(
  callback: (event: AuthChangeEvent, session: Session | null) => void,
): Promise<() => void> {
  const supabase = await getSupabase()
  const { data } = supabase.auth.onAuthStateChange(callback)
  return () => data.subscription.unsubscribe()
}

/** The public address of a file in a public Storage bucket. */
export async function publicFileUrl(bucket: string, path: string): Promise<string> {
  const supabase = await getSupabase()
  return supabase.storage.from(bucket).getPublicUrl(path).data.publicUrl
}
