/**
 * The sender's queue, apart from Deno and the network so it reads on its own; the loop is the queues' one
 * (_shared/queue-item.ts, drainQueue).
 *
 * In one database transaction per batch: claim_message_emails locks due emails (`for update skip
 * locked`); each is sent through the mail API, or skipped when the landlord came back first; each is
 * settled (sent, skipped, or the failed attempt recorded for a retry) and the transaction commits. A
 * sender that dies before its commit leaves the rows unsent and unlocked for the next run. The email in
 * flight then goes again with the same idempotency key, which the mail API takes once. Each email is
 * settled in a savepoint of its own (_shared/queue-item.ts): one that throws records its error as a failed
 * attempt, retried and then given up (outcome 'gave-up', kept), and the rest of the batch goes on.
 */
import type { AsRead, FunctionRow } from '../_shared/database-rows.ts'
import { messageEmail } from '../_shared/message-email.ts'
import { type Db, drainQueue, ERROR_LENGTH } from '../_shared/queue-item.ts'

export type { Db }

export type OutgoingEmail = {
  to: string
  subject: string
  text: string
  html: string
  idempotencyKey: string
}

/** What the mail API answered: accepted, or why not. */
export type SendOutcome = { ok: true } | { ok: false; error: string }

export type EmailSenderDeps = {
  db: Db
  send(email: OutgoingEmail): Promise<SendOutcome>
  appUrl: string
}

export type EmailSummary = { emailsSent: number; emailsSkipped: number; emailsFailed: number }

type Claimed = AsRead<
  FunctionRow<'claim_message_emails'>,
  'recipient_email' | 'recipient_name' | 'sender_name' | 'listing_name',
  'email_id'
>

export async function sendMessageEmails(deps: EmailSenderDeps, batches = 10): Promise<EmailSummary> {
  const { db } = deps
  const counts = await drainQueue<Claimed>(
    db,
    {
      claim: 'select * from public.claim_message_emails(20)',
      async send(row) {
        if (!row.still_away || !row.recipient_email) {
          await db.query("select public.finish_message_email($1, 'skipped')", [row.email_id])
          return 'skipped'
        }
        const sent = await deps.send({
          to: row.recipient_email,
          ...messageEmail(row, deps.appUrl),
          // The same email sent again after a crash carries the same key; a retry after a refusal a new one.
          idempotencyKey: `message-email-${row.email_id}-${row.attempts}`,
        })
        await db.query('select public.finish_message_email($1, $2, $3)', [
          row.email_id,
          'sent',
          sent.ok ? null : sent.error.slice(0, ERROR_LENGTH),
        ])
        return sent.ok ? 'sent' : 'failed'
      },
      markFailed: (row, error) =>
        db.query("select public.finish_message_email($1, 'sent', $2)", [row.email_id, error]),
    },
    batches,
  )
  return { emailsSent: counts.sent, emailsSkipped: counts.skipped, emailsFailed: counts.failed }
}
