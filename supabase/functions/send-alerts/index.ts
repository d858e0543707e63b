/**
 * send-alerts: sends the queued new-home alerts (public.alert_deliveries) by Web Push, and in its instant
 * run the pushes owed for new messages (public.message_pushes, messages.ts) and for changes of saved homes
 * (public.saved_home_pushes, saved-homes.ts) and viewing reminders (public.viewing_reminders, viewings.ts).
 *
 * POST with the service role key, body `{ "mode": "instant" }` or `{ "mode": "daily" }`. Run every
 * minute for both modes (pg_cron through pg_net on hosted Supabase, the local stack's scheduler here):
 * instant sends what is queued; daily sends each daily search's digest once London time has passed
 * 08:00, and only when something is new.
 *
 * The queues are read and settled through a direct Postgres connection (_shared/scheduled-run.ts, which
 * also records each run in public.function_runs).
 *
 * Secrets: VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY (base64url, as web-push generateVAPIDKeys() gives them),
 * VAPID_SUBJECT (`mailto:…`). Alerts by email (public.alert_emails, emails.ts) go through the mail API
 * send-emails uses (EMAIL_API_URL, EMAIL_API_KEY, EMAIL_FROM, APP_URL for the links), each with a signed
 * one-click unsubscribe (UNSUBSCRIBE_SECRET, else derived from the service role key); without EMAIL_API_KEY
 * they wait. PUSH_ALLOW_LOOPBACK=on lets pushes reach a push service on 127.0.0.1:
 * test stacks only, never set it in production.
 */
import webpush from 'npm:web-push@^3.6.7'
import type { AlertPayload } from '../_shared/alert-message.ts'
import { postEmail } from '../_shared/mail-api.ts'
import { checkEndpoint as checkPushEndpoint } from '../_shared/push-endpoint.ts'
import { errorText } from '../_shared/queue-item.ts'
import { env, json, scheduledRun } from '../_shared/scheduled-run.ts'
import { unsubscribeUrl } from '../_shared/unsubscribe-token.ts'
import { sendAlertEmails } from './emails.ts'
import { sendMessagePushes } from './messages.ts'
import { sendSavedHomePushes } from './saved-homes.ts'
import { type AlertMode, type PushOutcome, type Subscription, sendAlerts } from './sender.ts'
import { sendViewingReminders } from './viewings.ts'

/** How long a push service keeps an alert for a browser that is offline: a day, then it is stale. */
const TTL_SECONDS = 24 * 60 * 60
const PUSH_TIMEOUT_MS = 10_000

async function resolveHost(host: string): Promise<string[]> {
  const answers = await Promise.allSettled([Deno.resolveDns(host, 'A'), Deno.resolveDns(host, 'AAAA')])
  const addresses = answers.flatMap((answer) => (answer.status === 'fulfilled' ? answer.value : []))
  if (addresses.length === 0 && answers[0].status === 'rejected') throw answers[0].reason
  return addresses
}

async function push(subscription: Subscription, payload: AlertPayload, topic: string): Promise<PushOutcome> {
  const vapidDetails = {
    subject: env('VAPID_SUBJECT'),
    publicKey: env('VAPID_PUBLIC_KEY'),
    privateKey: env('VAPID_PRIVATE_KEY'),
  }
  let request: ReturnType<typeof webpush.generateRequestDetails>
  try {
    // Encrypts to the subscription's keys: a key that is no P-256 point throws here, for this browser alone.
    request = webpush.generateRequestDetails(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      JSON.stringify(payload),
      {
        vapidDetails,
        TTL: TTL_SECONDS,
        topic,
        urgency: 'normal',
        contentEncoding: 'aes128gcm',
      },
    )
  } catch (error) {
    return { error: `the push could not be built for this subscription: ${errorText(error)}` }
  }
  try {
    const response = await fetch(request.endpoint, {
      method: request.method,
      headers: request.headers as Record<string, string>,
      body: request.body ? new Uint8Array(request.body) : null,
      // A push service never redirects; following one would let an endpoint point anywhere.
      redirect: 'manual',
      signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
    })
    await response.body?.cancel()
    if (response.status >= 300 && response.status < 400)
      return { error: `the push service redirected (${response.status}); redirects are not followed` }
    return { status: response.status }
  } catch (error) {
    return { error: `the push service did not answer: ${String(error)}` }
  }
}

Deno.serve(
  scheduledRun('send-alerts', (body) => {
    const mode = body.mode ?? 'instant'
    if (mode !== 'instant' && mode !== 'daily') return json(400, { error: 'mode is instant or daily' })
    // Missing secrets fail the run (500) before any claim, rather than every item's push.
    for (const secret of ['VAPID_SUBJECT', 'VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY']) {
      if (!Deno.env.get(secret)) return json(500, { error: `${secret} is not set` })
    }
    const allowLoopback = Deno.env.get('PUSH_ALLOW_LOOPBACK') === 'on'
    const checkEndpoint = (endpoint: string) =>
      checkPushEndpoint(endpoint, { resolve: resolveHost, allowLoopback })
    return {
      schedule: `send-alerts-${mode}`,
      async run(db) {
        let summary: Record<string, unknown> = await sendAlerts(mode as AlertMode, {
          db,
          push,
          checkEndpoint,
        })
        // The instant run also sends the pushes owed for new messages (public.message_pushes) and for
        // changes of saved homes (public.saved_home_pushes), and viewing reminders (public.viewing_reminders).
        if (mode === 'instant')
          summary = {
            ...summary,
            ...(await sendMessagePushes({ db, push, checkEndpoint })),
            ...(await sendSavedHomePushes({ db, push, checkEndpoint })),
            ...(await sendViewingReminders({ db, push, checkEndpoint })),
          }
        // Alerts by email, in both modes, when a mail API is configured.
        const apiKey = Deno.env.get('EMAIL_API_KEY')
        if (!apiKey) return summary
        const mail = {
          apiUrl: Deno.env.get('EMAIL_API_URL') || 'https://api.resend.com',
          apiKey,
          from: env('EMAIL_FROM'),
        }
        const secret = Deno.env.get('UNSUBSCRIBE_SECRET') || env('SUPABASE_SERVICE_ROLE_KEY')
        return {
          ...summary,
          ...(await sendAlertEmails(mode as AlertMode, {
            db,
            send: (email) => postEmail(mail, email),
            appUrl: env('APP_URL'),
            unsubscribeUrl: (searchId) => unsubscribeUrl(env('SUPABASE_URL'), searchId, secret),
          })),
        }
      },
    }
  }),
)
