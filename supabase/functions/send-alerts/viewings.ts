/**
 * Viewing reminders (public.viewing_reminders), sent by send-alerts' instant run with the same push code
 * as alerts and messages: to both sides 2 hours before a booked viewing, and to the landlord when a
 * request arrives, through the queues' one loop (_shared/queue-item.ts, drainQueue): one transaction per batch,
 * claim (`for update skip locked`), push each in a savepoint of its own, mark each sent (or record the failed
 * attempt), commit. A row whose viewing is no longer live
 * (cancelled, declined, over) is settled without a push. One Topic and tag per viewing and kind, so a push
 * repeated after a crash shows as one notification.
 */
import type { EndpointCheck } from '../_shared/push-endpoint.ts'
import { type Db, type PushOutcome, type Subscription, sendPushQueue } from './sender.ts'

export type ViewingPayload = { title: string; body: string; url: string; tag: string }

export type ViewingReminderDeps = {
  db: Db
  checkEndpoint(endpoint: string): Promise<EndpointCheck>
  push(subscription: Subscription, payload: ViewingPayload, topic: string): Promise<PushOutcome>
}

export type ViewingReminderSummary = { viewingPushes: number; viewingsSent: number; viewingsFailed: number }

type Claimed = {
  reminder_id: string
  recipient_id: string
  kind: 'reminder' | 'request'
  booking_id: string
  live: boolean
  time_text: string
  clock: string
  location: string
  listing_name: string
  hunter_name: string | null
}

/** What the notification says: `Viewing at 10:20: 12 Elm Road`, or a request for the landlord to answer. */
export function viewingPayload(row: Omit<Claimed, 'reminder_id' | 'recipient_id' | 'live'>): ViewingPayload {
  const tag = `viewing-${row.kind}-${row.booking_id}`
  if (row.kind === 'request') {
    const who = row.hunter_name?.trim() || 'Someone'
    return {
      title: `Viewing request: ${row.time_text}`,
      body: `${who} asks to view ${row.listing_name}`,
      url: '/viewings',
      tag,
    }
  }
  return { title: `Viewing at ${row.clock}: ${row.location}`, body: row.listing_name, url: '/viewings', tag }
}

/** One Topic per viewing and kind (RFC 8030: at most 32 URL-safe characters). */
export const viewingTopic = (kind: string, bookingId: string) =>
  `${kind === 'request' ? 'q' : 'r'}${bookingId.replace(/-/g, '').slice(0, 31)}`

export async function sendViewingReminders(
  deps: ViewingReminderDeps,
  batches = 10,
): Promise<ViewingReminderSummary> {
  const { pushes, sent, failed } = await sendPushQueue<Claimed, ViewingPayload>(
    deps,
    {
      claim: 'select * from public.claim_viewing_reminders(50)',
      // A viewing no longer live (cancelled, declined, over) is settled without a push.
      order: (row) =>
        row.live
          ? {
              userId: row.recipient_id,
              payload: viewingPayload(row),
              topic: viewingTopic(row.kind, row.booking_id),
            }
          : null,
      finish: (row, error) =>
        deps.db.query('select public.finish_viewing_reminder($1, $2)', [row.reminder_id, error]),
    },
    batches,
  )
  return { viewingPushes: pushes, viewingsSent: sent, viewingsFailed: failed }
}
