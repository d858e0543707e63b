import type { PostgrestClient } from '@supabase/postgrest-js'
import type { AuthChangeEvent, SupabaseClient as Client, Session, User } from '@supabase/supabase-js'
import { env } from '../config/env'
import type { Database } from '../types/database'
import { authStorageKey, holdsSession } from './auth-storage-key'
import { takeEarlyResponse } from './early-request'
import { AppError, toAppError } from './errors'
import { type ListingsRead, listingsReadUrl } from './listings-read-url'

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

/** The CORS-safelisted headers a read may carry and still go cross-origin without a preflight. */
const SAFELISTED = new Set(['accept', 'accept-language', 'content-language'])
const CORS_UNSAFE = new Set('"():<>?@[\\]{}')
/** Whether a safelisted header's value keeps it safelisted (the Fetch standard's limits). */
const corsSafeValue = (value: string) =>
  value.length <= 128 &&
  [...value].every((ch) => {
    const code = ch.charCodeAt(0)
    return (code >= 0x20 || code === 0x09) && code !== 0x7f && !CORS_UNSAFE.has(ch)
  })

/**
 * A public read as a CORS-simple request. The API is another origin, and a GET with headers of its own
 * (apikey, Authorization) waits for a preflight: a round trip that each new URL (each page of a list, each
 * listing) costs again, since browsers cache preflights per URL. The key goes in the URL instead (the gateway
 * reads `apikey` there too, and a request without Authorization is anonymous). A read that needs another
 * header, such as a count's Prefer, is left as it is.
 */
export function withoutPreflight(url: string, init: RequestInit = {}): [string, RequestInit] {
  const headers = new Headers(init.headers)
  const anonymous =
    (init.method ?? 'GET').toUpperCase() === 'GET' &&
    headers.get('apikey') === env.supabaseAnonKey &&
    headers.get('authorization') === `Bearer ${env.supabaseAnonKey}`
  if (!anonymous) return [url, init]
  headers.delete('apikey')
  headers.delete('authorization')
  for (const [name, value] of headers) {
    if (!SAFELISTED.has(name) || !corsSafeValue(value)) return [url, init]
  }
  const keyed = `${url}${url.includes('?') ? '&' : '?'}apikey=${encodeURIComponent(env.supabaseAnonKey)}`
  return [keyed, { ...init, headers }]
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
 * loads on the first read the first screen's early answer does not serve (earlyListings).
 */
export function getPublicDb(): Promise<PublicDb> {
  publicDb ??= import('@supabase/postgrest-js').then(
    ({ PostgrestClient }) =>
      new PostgrestClient<Database>(`${env.supabaseUrl}/rest/v1`, {
        headers: { apikey: env.supabaseAnonKey, Authorization: `Bearer ${env.supabaseAnonKey}` },
        fetch: (input, init) => apiFetch(...withoutPreflight(String(input), init)),
      }),
    (error: unknown) => {
      // Its code did not arrive (offline before the app was stored, say): the next read tries again.
      publicDb = undefined
      throw error
    },
  )
  return publicDb
}

/** A read's rows, and the exact count of all its matches when it asked for one (Prefer: count=exact). */
export type PublicRows = { rows: unknown[]; count: number | null }

/**
 * The rows of a first screen's read (`columns` of public.listings) from the request index.html's inline
 * script made for it, without PostgREST's client: the first screen shows without waiting for that code. Null
 * when that request was for another read, is spent or too old: ask getPublicDb. Fails as the client's read
 * would: an unreachable server as a network error, a refusal with PostgREST's error.
 */
export async function earlyListings(columns: string, read: ListingsRead): Promise<PublicRows | null> {
  const early =
    globalThis.navigator?.onLine !== false &&
    takeEarlyResponse(listingsReadUrl(env.supabaseUrl, columns, read))
  if (!early) return null
  const [response, text] = await withinReadTimeout(
    early.then(async (r) => [r, await r.text()] as const),
  ).catch((error: unknown) => {
    throw toAppError(error)
  })
  let body: unknown = null
  try {
    body = JSON.parse(text)
  } catch {
    // Not JSON: a proxy's error page, say.
  }
  if (!response.ok)
    throw toAppError(body ?? { message: text || response.statusText, status: response.status })
  if (!Array.isArray(body))
    throw new AppError('The server sent listings the app cannot read', { status: response.status })
  // Content-Range `0-10/1234` when counted; `*` in place of the total otherwise.
  const total = Number(response.headers.get('content-range')?.split('/')[1])
  return { rows: body, count: Number.isInteger(total) ? total : null }
}

/**
 * A public read by its PostgREST path and query (e.g. `listing_price_history?select=…`), without PostgREST's
 * client: for a screen that must not load it on a first visit. Anonymous and CORS-simple (the key in the
 * URL). Fails as the client's read would: an unreachable server as a network error, a refusal with
 * PostgREST's error.
 */
export async function readPublic(pathAndQuery: string): Promise<unknown[]> {
  const [url, init] = withoutPreflight(`${env.supabaseUrl}/rest/v1/${pathAndQuery}`, {
    headers: { apikey: env.supabaseAnonKey, authorization: `Bearer ${env.supabaseAnonKey}` },
  })
  const response = await apiFetch(url, init).catch((error: unknown) => {
    throw toAppError(error)
  })
  const body: unknown = await response.json().catch(() => null)
  if (!response.ok) throw toAppError(body ?? { message: response.statusText, status: response.status })
  if (!Array.isArray(body))
    throw new AppError('The server sent rows the app cannot read', { status: response.status })
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
