import { randomUUID } from 'node:crypto'
import { createClient } from '@supabase/supabase-js'
import { inject } from 'vitest'
import WebSocket from 'ws'
import { type TestUser, withDatabase } from './clients'
import { fetchFrom } from './http-from'

/**
 * Makes accounts into reporters whose reports count: their email confirmed as
 * confirm_my_email records it, and their account created two days ago. Done as the database's superuser,
 * because a test cannot wait a day; reports-that-count.test.ts covers the confirmation itself.
 */
export async function establishReporters(...people: { id: string }[]): Promise<void> {
  const ids = people.map((person) => person.id)
  await withDatabase(async (db) => {
    await db.query(
      `insert into public.email_confirmations (user_id, email)
       select u.id, u.email from auth.users as u where u.id = any($1::uuid[])
       on conflict (user_id) do update set email = excluded.email`,
      [ids],
    )
    await db.query(
      `update auth.users set created_at = now() - interval '2 days' where id = any($1::uuid[])`,
      [ids],
    )
  })
}

/** Signs up a fresh user whose every request comes from `address` (a loopback address, 127.0.0.x). */
export async function signedInUserFrom(address: string, name = 'Test Reporter'): Promise<TestUser> {
  const email = `user-${randomUUID().slice(0, 8)}@example.com`
  const password = 'correct-horse-battery'
  const client = createClient(inject('apiUrl'), inject('anonKey'), {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { fetch: fetchFrom(address) },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  })
  const { data, error } = await client.auth.signUp({ email, password, options: { data: { name } } })
  if (error || !data.user) throw error ?? new Error('sign-up returned no user')
  return { id: data.user.id, email, password, name, client }
}
