import { E2E_PORTS } from '@roost/local-supabase/cli/e2e-ports'
import { createClient } from '@supabase/supabase-js'
import pg from 'pg'
import WebSocket from 'ws'
import { fetchFrom } from '../../integration/support/http-from'
import { ANON_KEY, API_URL } from './stack'

/** The e2e stack's superuser (its cluster is made afresh each run, with hosted Supabase's superuser name). */
const DATABASE_URL = `postgres://supabase_admin@127.0.0.1:${E2E_PORTS.dbPort}/postgres`

/**
 * Makes accounts old enough for their reports to count (created two days ago), and, with `confirmed`, their
 * email confirmed as confirm_my_email records it: a test cannot wait a day, nor read every reporter's mail.
 */
export async function establishReporters(emails: string[], { confirmed = true } = {}): Promise<void> {
  const db = new pg.Client({ connectionString: DATABASE_URL })
  await db.connect()
  try {
    await db.query(`update auth.users set created_at = now() - interval '2 days' where email = any($1)`, [
      emails,
    ])
    if (confirmed) {
      await db.query(
        `insert into public.email_confirmations (user_id, email)
         select u.id, u.email from auth.users as u where u.email = any($1)
         on conflict (user_id) do update set email = excluded.email`,
        [emails],
      )
    }
  } finally {
    await db.end()
  }
}

/** A supabase-js client whose requests come from `address` (127.0.0.x): a person at an address of their own. */
export function apiClientFrom(address: string) {
  return createClient(API_URL, ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { fetch: fetchFrom(address) },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  })
}
