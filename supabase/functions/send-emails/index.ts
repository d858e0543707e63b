/**
 * send-emails: sends the emails owed to landlords who have not opened the app for a day
 * (public.message_emails, sender.ts), through an HTTP mail API that speaks Resend's `POST /emails`.
 *
 * POST with the service role key (body ignored). Run every minute: pg_cron through pg_net on hosted
 * Supabase, the local stack's scheduler here (supabase/functions/schedules.json).
 *
 * The queue is read and settled through a direct Postgres connection (_shared/scheduled-run.ts, which also
 * records each run in public.function_runs).
 *
 * Secrets: EMAIL_API_URL (the API's base, `https://api.resend.com` by default; the local stack points it
 * at its outbox), EMAIL_API_KEY, EMAIL_FROM (`Roost <no-reply@your-domain>`, a sender the provider has
 * verified), APP_URL (the app's public address, for the link to the conversation).
 */
import { env, scheduledRun } from '../_shared/scheduled-run.ts'
import { type OutgoingEmail, type SendOutcome, sendMessageEmails } from './sender.ts'

const SEND_TIMEOUT_MS = 10_000

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

Deno.serve(
  scheduledRun('send-emails', () => ({
    schedule: 'send-emails',
    run(db) {
      // Missing settings fail the run, recorded as failed, before any claim.
      const appUrl = env('APP_URL')
      env('EMAIL_API_KEY')
      env('EMAIL_FROM')
      return sendMessageEmails({ db, send, appUrl })
    },
  })),
)
