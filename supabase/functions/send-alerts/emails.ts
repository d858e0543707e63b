/**
 * New-home alerts by email (public.alert_emails): for each saved search with emails due, in one transaction,
 * claim its rows (locked), send one email of up to 10 homes through the mail API, and mark them sent (or the
 * failed attempt, or the bounce that turns the search's email alerts off). The email's Idempotency-Key is
 * made of the rows it settles, so the one in flight when a sender died is not delivered twice.
 */
import { type AlertEmail, alertEmail } from '../_shared/alert-email.ts'
import type { MailOutcome } from '../_shared/mail-api.ts'
import { type Db, ERROR_LENGTH, errorText } from '../_shared/queue-item.ts'

export type AlertEmailDeps = {
  db: Db
  send(email: AlertEmail): Promise<MailOutcome>
  appUrl: string
  /** The signed one-click unsubscribe address of a search. */
  unsubscribeUrl(searchId: string): Promise<string>
  budgetMs?: number
  now?: () => number
  /** This sender's share when several run at once (searches split by a hash of their id). */
  part?: { index: number; of: number }
}

export type AlertEmailSummary = { emails: number; emailBounces: number; emailFailures: number }

type ClaimedEmailRow = {
  delivery_id: string
  email: string | null
  search_name: string
  listing_id: string
  listing_type: string
  listing_name: string
  location: string
  price: number
  image_url: string | null
}

export async function sendAlertEmails(
  mode: 'instant' | 'daily',
  deps: AlertEmailDeps,
): Promise<AlertEmailSummary> {
  const { db } = deps
  const now = deps.now ?? Date.now
  const started = now()
  const budget = deps.budgetMs ?? 40_000
  const summary: AlertEmailSummary = { emails: 0, emailBounces: 0, emailFailures: 0 }
  const tried = new Set<string>()
  while (now() - started < budget) {
    const due = await db.query<{ saved_search_id: string }>(
      'select saved_search_id from public.alert_emails_due($1, 200, $2, $3)',
      [mode, deps.part?.index ?? 0, deps.part?.of ?? 1],
    )
    const fresh = due.rows.map((row) => row.saved_search_id).filter((id) => !tried.has(id))
    if (fresh.length === 0) break
    for (const searchId of fresh) {
      if (now() - started >= budget) break
      tried.add(searchId)
      await sendOne(searchId, mode, deps, summary)
    }
  }
  return summary
}

async function sendOne(
  searchId: string,
  mode: 'instant' | 'daily',
  deps: AlertEmailDeps,
  summary: AlertEmailSummary,
) {
  const { db } = deps
  await db.query('begin')
  try {
    const { rows } = await db.query<ClaimedEmailRow>('select * from public.claim_alert_emails($1, $2)', [
      searchId,
      mode,
    ])
    const first = rows[0]
    if (!first) {
      await db.query('commit')
      return
    }
    const ids = rows.map((row) => row.delivery_id)
    let outcome: MailOutcome
    if (!first.email) outcome = { ok: false, bounced: true, error: 'the person has no email address' }
    else
      outcome = await deps.send(
        alertEmail({
          to: first.email,
          searchId,
          searchName: first.search_name,
          mode,
          homes: rows.map((row) => ({
            id: row.listing_id,
            type: row.listing_type,
            name: row.listing_name,
            location: row.location,
            price: row.price,
            imageUrl: row.image_url,
          })),
          appUrl: deps.appUrl,
          unsubscribeUrl: await deps.unsubscribeUrl(searchId),
          deliveryIds: ids,
        }),
      )
    await db.query('select public.finish_alert_emails($1, $2, $3)', [
      ids,
      outcome.ok ? null : outcome.error.slice(0, ERROR_LENGTH),
      !outcome.ok && outcome.bounced,
    ])
    await db.query('commit')
    if (outcome.ok) summary.emails += 1
    else if (outcome.bounced) summary.emailBounces += 1
    else summary.emailFailures += 1
  } catch (error) {
    await db.query('rollback').catch(() => undefined)
    console.error('an alert email failed', errorText(error))
    summary.emailFailures += 1
  }
}
