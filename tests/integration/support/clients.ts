import { randomUUID } from 'node:crypto'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import pg from 'pg'
import { inject } from 'vitest'
import WebSocket from 'ws'

/**
 * A supabase-js client against the integration stack, with no shared session storage. Node 20 has no
 * global WebSocket, which supabase-js insists on for realtime, so `ws` stands in (realtime is unused).
 */
export function client(key = inject('anonKey')): SupabaseClient {
  return createClient(inject('apiUrl'), key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  })
}

export const anonClient = () => client()
export const serviceClient = () => client(inject('serviceRoleKey'))

export type TestUser = { id: string; email: string; password: string; name: string; client: SupabaseClient }

/** Signs up a fresh user (unique email) and returns a client signed in as them. */
export async function signedInUser(name = 'Test User'): Promise<TestUser> {
  const email = `user-${randomUUID().slice(0, 8)}@example.com`
  const password = 'correct-horse-battery'
  const c = client()
  const { data, error } = await c.auth.signUp({ email, password, options: { data: { name } } })
  if (error || !data.user) throw error ?? new Error('sign-up returned no user')
  return { id: data.user.id, email, password, name, client: c }
}

/** A superuser connection to the integration database, for checking what was stored. */
export async function withDatabase<T>(work: (db: pg.Client) => Promise<T>): Promise<T> {
  const db = new pg.Client({ connectionString: inject('databaseUrl') })
  await db.connect()
  try {
    return await work(db)
  } finally {
    await db.end()
  }
}

/** A client like the app's, with flowType 'pkce': its own memory storage holds the code verifier. */
export function pkceClient(): SupabaseClient {
  const memory = new Map<string, string>()
  return createClient(inject('apiUrl'), inject('anonKey'), {
    auth: {
      flowType: 'pkce',
      persistSession: true,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      storage: {
        getItem: (key) => memory.get(key) ?? null,
        setItem: (key, value) => void memory.set(key, value),
        removeItem: (key) => void memory.delete(key),
      },
    },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  })
}
