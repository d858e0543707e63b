/**
 * The sender's loop, apart from Deno and the network so it reads on its own.
 *
 * In one database transaction per batch: claim_message_emails locks due emails (`for update skip
 * locked`); each is sent through the mail API, or skipped when the landlord came back first; each is
 * settled (sent, skipped, or the failed attempt recorded for a retry) and the transaction commits. A
 * sender that dies before its commit leaves the rows unsent and unlocked for the next run. The email in
 * flight then goes again with the same idempotency key, which the mail API takes once.
 */
import type { AsRead, FunctionRow } from '../_shared/database-rows.ts'
import { messageEmail } from '../_shared/message-email.ts'

/** The one database connection the sender uses (a pg.Client fits). */
export type Db = { query<R>(text: string, values?: unknown[]): Promise<{ rows: R[] }> }

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
  const summary: EmailSummary = { emailsSent: 0, emailsSkipped: 0, emailsFailed: 0 }
  for (let batch = 0; batch < batches; batch += 1) {
    await db.query('begin')
    try {
      const { rows } = await db.query<Claimed>('select * from public.claim_message_emails(20)')
      if (rows.length === 0) {
        await db.query('commit')
        break
      }
      for (const row of rows) {
        if (!row.still_away || !row.recipient_email) {
          await db.query("select public.finish_message_email($1, 'skipped')", [row.email_id])
          summary.emailsSkipped += 1
          continue
        }
        const content = messageEmail(row, deps.appUrl)
        const outcome = await deps.send({
          to: row.recipient_email,
          ...content,
          // The same email sent again after a crash carries the same key; a retry after a refusal a new one.
          idempotencyKey: `message-email-${row.email_id}-${row.attempts}`,
        })
        await db.query('select public.finish_message_email($1, $2, $3)', [
          row.email_id,
          'sent',
          outcome.ok ? null : outcome.error.slice(0, 1000),
        ])
        if (outcome.ok) summary.emailsSent += 1
        else summary.emailsFailed += 1
      }
      await db.query('commit')
    } catch (error) {
      await db.query('rollback').catch(() => undefined)
      throw error
    }
  }
  return summary
}
