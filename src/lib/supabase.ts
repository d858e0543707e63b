import type { PostgrestClient } from '@supabase/postgrest-js'
import type { AuthChangeEvent, SupabaseClient as Client, Session, User } from '@supabase/supabase-js'
import { env } from '../config/env'
import type { Database } from '../types/database'
import { authStorageKey, holdsSession } from './auth-storage-key'
import { AppError, toAppError } from './errors'
import { type KeyInUrlMemory, publicReadFetch } from './key-in-url'

export type { AuthChangeEvent, Session, User }
export type SupabaseClient = Client<Database>
/** The anonymous REST client for public reads (listings, landlord_contact). */
export type PublicDb = PostgrestClient<Database>

/** How long a read waits for the server before the screen says it could not reach it (a network that hangs). */
export const READ_TIMEOUT_MS = 8000

const noAnswer = (why: string) => new DOMException(`Failed to fetch: ${why}`, 'AbortError')

/**
 * fetch for every API request. Offline it fails at once (the SDKs' retries with backoff would keep a screen
 * waiting for a network the device knows is down), and a read gets no answer after READ_TIMEOUT_MS. Both fail
 * as an AbortError, which the SDKs pass on without retrying and isNetworkError reads as "no connection".
 */
export function apiFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  if (globalThis.navigator?.onLine === false) return Promise.reject(noAnswer('the device is offline'))
  const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase()
  if ((method !== 'GET' && method !== 'HEAD') || init?.signal) return fetch(input, init)
  return fetch(input, { ...init, signal: AbortSignal.timeout(READ_TIMEOUT_MS) }).catch((error: unknown) => {
    throw error instanceof DOMException && error.name === 'TimeoutError'
      ? noAnswer('no answer in time')
      : error
  })
}

/** The answer, or an AbortError once `ms` (READ_TIMEOUT_MS) have passed without it: for reads fetch cannot time out. */
export function withinReadTimeout<T>(answer: Promise<T>, ms = READ_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(noAnswer('no answer in time')), ms)
  })
  return Promise.race([answer, late]).finally(() => clearTimeout(timer))
}

/** This tab's sessionStorage, where the browser allows it: what remembers that the API refuses a key in a URL. */
export function tabMemory(): KeyInUrlMemory {
  try {
    return globalThis.sessionStorage
  } catch {
    return undefined
  }
}

let client: Promise<SupabaseClient> | undefined
let publicDb: Promise<PublicDb> | undefined
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
      global: { fetch: apiFetch },
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
 * Public reads go through it so visitors who never sign in never download auth, Storage and Realtime. It
 * loads on the first read the first screen's early answer does not serve (earlyListings in
 * src/first-screen/early-listings.ts).
 */
export function getPublicDb(): Promise<PublicDb> {
  publicDb ??= import('@supabase/postgrest-js').then(
    ({ PostgrestClient }) =>
      new PostgrestClient<Database>(`${env.supabaseUrl}/rest/v1`, {
        headers: { apikey: env.supabaseAnonKey, Authorization: `Bearer ${env.supabaseAnonKey}` },
        fetch: publicReadFetch(env.supabaseAnonKey, apiFetch, tabMemory()),
      }),
    (error: unknown) => {
      // Its code did not arrive (offline before the app was stored, say): the next read tries again.
      publicDb = undefined
      throw error
    },
  )
  return publicDb
}

/**
 * A public read by its PostgREST path and query (e.g. `listing_price_history?select=…`), without PostgREST's
 * client: for a screen that must not load it on a first visit. Anonymous and CORS-simple (the key in the
 * URL, or the ordinary headers where the API refuses that, as getPublicDb's reads do). Fails as the client's read would: an unreachable server as a network error, a refusal with
 * PostgREST's error.
 */
export async function readPublic(pathAndQuery: string): Promise<unknown[]> {
  const read = publicReadFetch(env.supabaseAnonKey, apiFetch, tabMemory())
  const response = await read(`${env.supabaseUrl}/rest/v1/${pathAndQuery}`, {
    headers: { apikey: env.supabaseAnonKey, authorization: `Bearer ${env.supabaseAnonKey}` },
  }).catch((error: unknown) => {
    throw toAppError(error)
  })
  const body: unknown = await response.json().catch(() => null)
  if (!response.ok) throw toAppError(body ?? { message: response.statusText, status: response.status })
  if (!Array.isArray(body))
    throw new AppError('The server sent rows the app cannot read', { status: response.status })
  return body
}

/** A search as count_homes takes it (src/features/search/search-query.ts searchArgs). */
export type CountArgs = Record<string, string | number | boolean>

/**
 * How many homes a search finds, from count_homes: exact below 1,000, else 1,001 (it reads at most 1,001
 * rows). A CORS-simple GET as readPublic sends it: the search page's count needs neither a preflight nor
 * PostgREST's client, which the first screen does without. A search with nothing set sends no argument.
 */
export async function countHomes(search: CountArgs): Promise<number> {
  const query = Object.keys(search).length > 0 ? `?search=${encodeURIComponent(JSON.stringify(search))}` : ''
  const read = publicReadFetch(env.supabaseAnonKey, apiFetch, tabMemory())
  const response = await withinReadTimeout(
    read(`${env.supabaseUrl}/rest/v1/rpc/count_homes${query}`, {
      headers: { apikey: env.supabaseAnonKey, authorization: `Bearer ${env.supabaseAnonKey}` },
    }),
  ).catch((error: unknown) => {
    throw toAppError(error)
  })
  const body: unknown = await response.json().catch(() => null)
  if (!response.ok) throw toAppError(body ?? { message: response.statusText, status: response.status })
  if (typeof body !== 'number')
    throw new AppError('The server sent a count the app cannot read', { status: response.status })
  return body
}

/** Where supabase-js keeps the session in localStorage (its default key for this project URL). */
export const AUTH_STORAGE_KEY = authStorageKey(env.supabaseUrl)

/** Whether this browser holds a session supabase-js stored (it may still have expired). */
export const hasStoredSession = (): boolean => holdsSession(env.supabaseUrl, globalThis)

/** Whether the address is an auth redirect supabase-js must read (PKCE code, implicit tokens or an error). */
export function isAuthCallback(location: Pick<Location, 'search' | 'hash'>): boolean {
  const params = [new URLSearchParams(location.search), new URLSearchParams(location.hash.replace(/^#/, ''))]
  return params.some((p) => p.has('code') || p.has('access_token') || p.has('error_description'))
}
