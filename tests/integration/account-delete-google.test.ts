import { randomUUID } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import { describe, expect, it } from 'vitest'
import { pkceClient, withDatabase } from './support/clients'

/**
 * Deleting an account that signs in with Google (no password) needs a fresh Google sign-in: one within
 * the last few minutes, as the token's `amr` says. The local stack stands in for Google with its account
 * chooser; the sign-in runs the same PKCE flow the app uses.
 */

const APP = 'http://localhost:25173/auth/callback'

type GoogleSession = { client: SupabaseClient; userId: string; sessionId: string }

/** Signs in with Google through the local chooser, as a browser would, and exchanges the code. */
async function signInWithGoogle(email: string, name: string): Promise<GoogleSession> {
  const client = pkceClient()
  const { data } = await client.auth.signInWithOAuth({
    provider: 'google',
    options: { redirectTo: APP, skipBrowserRedirect: true },
  })
  const toChooser = await fetch(data.url ?? '', { redirect: 'manual' })
  const chooserUrl = new URL(toChooser.headers.get('location') ?? '', data.url ?? '')
  const html = await (await fetch(chooserUrl)).text()
  const state = /name="state" value="([^"]+)"/.exec(html)?.[1] ?? ''
  const chosen = await fetch(new URL('/auth/v1/chooser', chooserUrl), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ state, email, name }),
  })
  const code = new URL(chosen.headers.get('location') ?? '').searchParams.get('code') ?? ''
  const exchanged = await client.auth.exchangeCodeForSession(code)
  if (exchanged.error || !exchanged.data.session) throw exchanged.error ?? new Error('no session')
  const claims = JSON.parse(
    Buffer.from(exchanged.data.session.access_token.split('.')[1] ?? '', 'base64url').toString(),
  ) as { session_id: string; amr: { method: string }[] }
  expect(claims.amr.map((a) => a.method)).toEqual(['oauth'])
  return { client, userId: exchanged.data.session.user.id, sessionId: claims.session_id }
}

/** Calls delete-account as the client's person; the answer's status and body. */
async function deleteAccount(client: SupabaseClient, body: Record<string, unknown> = {}) {
  const { data, error } = await client.functions.invoke('delete-account', { body })
  if (!error) return { status: 200, body: data as unknown }
  const response = (error as { context?: Response }).context
  return { status: response?.status, body: (await response?.json()) as unknown }
}

const accountExists = (userId: string) =>
  withDatabase(async (db) => {
    const { rows } = await db.query('select 1 from auth.users where id = $1', [userId])
    return rows.length === 1
  })

/** Moves the session's sign-in back in time, then refreshes: the new token carries the old `amr`. */
async function signedInMinutesAgo(session: GoogleSession, minutes: number) {
  await withDatabase((db) =>
    db.query(
      `update auth.mfa_amr_claims set created_at = now() - $2 * interval '1 minute' where session_id = $1`,
      [session.sessionId, minutes],
    ),
  )
  const refreshed = await session.client.auth.refreshSession()
  expect(refreshed.error).toBeNull()
}

const newEmail = () => `google-${randomUUID().slice(0, 8)}@example.com`

describe('delete-account for a Google account', () => {
  it('deletes with a fresh Google sign-in and no password', async () => {
    const session = await signInWithGoogle(newEmail(), 'Fresh Google')
    const answer = await deleteAccount(session.client)
    expect(answer).toMatchObject({ status: 200 })
    expect(await accountExists(session.userId)).toBe(false)
  })

  it('refuses a Google sign-in older than a few minutes until the person signs in with Google again', async () => {
    const email = newEmail()
    const stale = await signInWithGoogle(email, 'Stale Google')
    await signedInMinutesAgo(stale, 10)
    expect(await deleteAccount(stale.client)).toEqual({
      status: 403,
      body: { error: 'reauthentication_required' },
    })
    // Nor does a made-up password stand in for it.
    expect(await deleteAccount(stale.client, { password: 'anything-at-all' })).toMatchObject({ status: 403 })
    expect(await accountExists(stale.userId)).toBe(true)

    // Four minutes is still fresh.
    const again = await signInWithGoogle(email, 'Stale Google')
    expect(again.userId).toBe(stale.userId)
    await signedInMinutesAgo(again, 4)
    expect(await deleteAccount(again.client)).toMatchObject({ status: 200 })
    expect(await accountExists(stale.userId)).toBe(false)
  })
})
