import { PostgrestClient } from '@supabase/postgrest-js'
import type { AuthChangeEvent, SupabaseClient as Client, Session, User } from '@supabase/supabase-js'
import { env } from '../config/env'
import type { Database } from '../types/database'
import { takeEarlyResponse } from './early-request'

export type { AuthChangeEvent, Session, User }
export type SupabaseClient = Client<Database>
/** The anonymous REST client for public reads (listings, landlord_contact). */
export type PublicDb = PostgrestClient<Database>

let client: Promise<SupabaseClient> | undefined
let publicDb: PublicDb | undefined
const loadListeners = new Set<(supabase: SupabaseClient) => void>()

/**
 * The app's one Supabase client: PKCE auth, session kept in localStorage and refreshed in the background.
 * The SDK (~55 kB gzip) loads in its own chunk, only once something needs auth or Storage.
 */
export function getSupabase(): Promise<SupabaseClient> {
  client ??= import('@supabase/supabase-js').then(({ createClient }) => {
    const supabase = createClient<Database>(env.supabaseUrl, env.supabaseAnonKey, {
      auth: {
        flowType: 'pkce',
        persistSession: true,
        autoRefreshToken: true,
        detectSessionInUrl: true,
      },
    })
    for (const listener of loadListeners) listener(supabase)
    return supabase
  })
  return client
}

/** Calls back once the full client exists (at once if it already does), whoever asked for it. */
export function whenSupabaseLoads(listener: (supabase: SupabaseClient) => void): void {
  loadListeners.add(listener)
  void client?.then(listener)
}

/**
 * PostgREST alone (~5 kB gzip), with the anon key: what supabase-js sends for a visitor without a session.
 * Public reads go through it so visitors who never sign in never download auth, Storage and Realtime.
 */
export function getPublicDb(): PublicDb {
  publicDb ??= new PostgrestClient<Database>(`${env.supabaseUrl}/rest/v1`, {
    headers: { apikey: env.supabaseAnonKey, Authorization: `Bearer ${env.supabaseAnonKey}` },
    // The first screen's request may already be under way (index.html's inline script): use its answer.
    fetch: (input, init) =>
      ((init?.method ?? 'GET') === 'GET' && takeEarlyResponse(String(input))) || fetch(input, init),
  })
  return publicDb
}

/** Where supabase-js keeps the session in localStorage (its default key for this project URL). */
export const AUTH_STORAGE_KEY = `sb-${new URL(env.supabaseUrl).hostname.split('.')[0]}-auth-token`

/** Whether this browser holds a session supabase-js stored (it may still have expired). */
export function hasStoredSession(): boolean {
  try {
    return window.localStorage.getItem(AUTH_STORAGE_KEY) !== null
  } catch {
    return false
  }
}

/** Whether the address is an auth redirect supabase-js must read (PKCE code, implicit tokens or an error). */
export function isAuthCallback(location: Pick<Location, 'search' | 'hash'>): boolean {
  const params = [new URLSearchParams(location.search), new URLSearchParams(location.hash.replace(/^#/, ''))]
  return params.some((p) => p.has('code') || p.has('access_token') || p.has('error_description'))
}
