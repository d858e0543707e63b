/**
 * send-emails: sends the emails owed to landlords who have not opened the app for a day
 * (public.message_emails, sender.ts), through an HTTP mail API that speaks Resend's `POST /emails`.
 *
 * POST with the service role key (body ignored). Run every minute: pg_cron through pg_net on hosted
 * Supabase, the local stack's scheduler here (supabase/functions/schedules.json).
 *
 * The queue is read and settled through a direct Postgres connection (SUPABASE_DB_URL): the claim's row
 * locks must be held, in one transaction, while the emails of a batch go out.
 *
 * Secrets: EMAIL_API_URL (the API's base, `https://api.resend.com` by default; the local stack points it
 * at its outbox), EMAIL_API_KEY, EMAIL_FROM (`Roost <no-reply@your-domain>`, a sender the provider has
 * verified), APP_URL (the app's public address, for the link to the conversation).
 */
import pg from 'npm:pg@^8.23.1'
import { recordRun } from '../_shared/function-runs.ts'
import { callerRole } from '../_shared/service-caller.ts'
import { type OutgoingEmail, type SendOutcome, sendMessageEmails } from './sender.ts'

const SEND_TIMEOUT_MS = 10_000

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

function env(name: string): string {
  const value = Deno.env.get(name)
  if (!value) throw new Error(`${name} is not set`)
  return value
}

async function send(email: OutgoingEmail): Promise<SendOutcome> {
  const base = (Deno.env.get('EMAIL_API_URL') || 'https://api.resend.com').replace(/\/+$/, '')
  try {
    const response = await fetch(`${base}/emails`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${env('EMAIL_API_KEY')}`,
        'Content-Type': 'application/json',
        'Idempotency-Key': email.idempotencyKey,
      },
      body: JSON.stringify({
        from: env('EMAIL_FROM'),
        to: [email.to],
        subject: email.subject,
        text: email.text,
        html: email.html,
      }),
      redirect: 'manual',
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    })
    const answer = await response.text()
    if (response.ok) return { ok: true }
    return { ok: false, error: `the mail API answered ${response.status}: ${answer.slice(0, 300)}` }
  } catch (error) {
    return { ok: false, error: `the mail API did not answer: ${String(error)}` }
  }
}

Deno.serve(async (request) => {
  if (request.method !== 'POST') return json(405, { error: 'POST only' })
  if (callerRole(request) !== 'service_role') return json(403, { error: 'the service role key is required' })
  await request.body?.cancel()
  const db = new pg.Client({ connectionString: env('SUPABASE_DB_URL'), application_name: 'send-emails' })
  const startedAt = new Date()
  let connected = false
  try {
    await db.connect()
    connected = true
    const appUrl = env('APP_URL')
    env('EMAIL_API_KEY')
    env('EMAIL_FROM')
    const summary = await sendMessageEmails({ db, send, appUrl })
    await recordRun(db, 'send-emails', startedAt, 'ok', JSON.stringify(summary))
    return json(200, summary)
  } catch (error) {
    console.error('send-emails failed', error)
    if (connected) await recordRun(db, 'send-emails', startedAt, 'failed', String(error))
    return json(500, { error: String(error) })
  } finally {
    await db.end().catch(() => undefined)
  }
})
