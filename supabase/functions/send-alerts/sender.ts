/**
 * The sender's loop, apart from Deno and the network so it reads (and tests) on its own.
 *
 * For each saved search with deliveries due, in one database transaction:
 *   1. claim_alert_batch locks the search's due deliveries (`for update skip locked`);
 *   2. one push goes to each of the person's browsers (endpoint checked first);
 *   3. the deliveries are marked sent (or the failed attempt recorded) and the transaction commits.
 * The locks are held while sending, so a second sender skips the batch, and a sender that dies before
 * its commit leaves the rows unsent and unlocked: the next run sends them. Nothing is lost. The only
 * push that can go out twice is the one in flight when the sender died (sent, not yet committed); it is
 * sent again with the same Topic (a push service keeps only the latest undelivered message of a topic)
 * and the same notification tag (the browser replaces the notification), so the person sees it once.
 *
 * A batch that throws while it is pushed or settled (see _shared/queue-item.ts) is rolled back to after its
 * claim and recorded as a failed attempt, retried and then given up like any other; each browser of a person
 * is tried on its own, so one whose push cannot even be built fails alone.
 */
import { type AlertPayload, alertPayload, alertTopic, type SearchParams } from '../_shared/alert-message.ts'
import type { Tables } from '../_shared/database.ts'
import type { AsRead, FunctionRow } from '../_shared/database-rows.ts'
import type { EndpointCheck } from '../_shared/push-endpoint.ts'
import { type Db, drainQueue, ERROR_LENGTH, errorText, isolated } from '../_shared/queue-item.ts'

export type { Db }

export type AlertMode = 'instant' | 'daily'

export type Subscription = Pick<Tables<'push_subscriptions'>, 'id' | 'endpoint' | 'p256dh' | 'auth'>

/** What a push service answered (its HTTP status), or why no answer came. */
export type PushOutcome = { status: number } | { error: string }

export type SenderDeps = {
  db: Db
  checkEndpoint(endpoint: string): Promise<EndpointCheck>
  push(subscription: Subscription, payload: AlertPayload, topic: string): Promise<PushOutcome>
  /** Stop starting new batches after this many milliseconds (a function run has a wall-clock limit). */
  budgetMs?: number
  now?: () => number
}

export type SendSummary = {
  mode: AlertMode
  /** Saved searches whose deliveries were settled (sent, or a failed attempt recorded). */
  batches: number
  deliveries: number
  pushes: number
  /** Subscriptions removed: gone (404/410) or never deliverable (not https, private address). */
  removed: number
  failedBatches: number
}

type ClaimedRow = Omit<AsRead<FunctionRow<'claim_alert_batch'>, never, 'delivery_id'>, 'params'> & {
  params: SearchParams
}

/** Push service answers that mean the subscription is gone for good (RFC 8030 §7.3). */
const GONE = new Set([404, 410])

const describe = (outcome: PushOutcome) =>
  'status' in outcome ? `the push service answered ${outcome.status}` : outcome.error

/** Sends what is due in this mode and returns what was done. */
export async function sendAlerts(mode: AlertMode, deps: SenderDeps): Promise<SendSummary> {
  const { db } = deps
  const now = deps.now ?? Date.now
  const started = now()
  const budget = deps.budgetMs ?? 50_000
  const summary: SendSummary = {
    mode,
    batches: 0,
    deliveries: 0,
    pushes: 0,
    removed: 0,
    failedBatches: 0,
  }
  // Searches looked at in this run: one another sender holds is skipped, not waited for.
  const tried = new Set<string>()
  while (now() - started < budget) {
    const due = await db.query<{ saved_search_id: string }>(
      'select saved_search_id from public.alert_batches_due($1, 200)',
      [mode],
    )
    const fresh = due.rows.map((row) => row.saved_search_id).filter((id) => !tried.has(id))
    if (fresh.length === 0) break
    for (const searchId of fresh) {
      if (now() - started >= budget) break
      tried.add(searchId)
      await sendBatch(searchId, mode, deps, summary)
    }
  }
  return summary
}

async function sendBatch(searchId: string, mode: AlertMode, deps: SenderDeps, summary: SendSummary) {
  const { db } = deps
  await db.query('begin')
  try {
    const claimed = await db.query<ClaimedRow>('select * from public.claim_alert_batch($1, $2)', [
      searchId,
      mode,
    ])
    const rows = claimed.rows
    const first = rows[0]
    if (!first) {
      await db.query('commit')
      return
    }
    const ids = rows.map((row) => row.delivery_id)
    const settled = await isolated(db, async () => {
      const payload = alertPayload(
        searchId,
        first.params,
        rows.map((row) => row.listing_name),
      )
      const { delivered, removed, errors } = await pushToPerson(
        deps,
        first.user_id,
        payload,
        alertTopic(searchId),
      )
      summary.pushes += delivered
      summary.removed += removed
      const error = pushError({ delivered, errors })
      await db.query('select public.finish_alert_batch($1::bigint[], $2)', [ids, error])
      const failed = error !== null
      if (!failed && errors.length > 0)
        await db.query('update public.alert_deliveries set last_error = $2 where id = any($1::bigint[])', [
          ids,
          `sent, but not to every browser: ${errors.join('; ')}`.slice(0, ERROR_LENGTH),
        ])
      return failed
    })
    if (!settled.ok)
      await db.query('select public.finish_alert_batch($1::bigint[], $2)', [ids, settled.error])
    const failed = !settled.ok || settled.value
    await db.query('commit')
    summary.batches += 1
    summary.deliveries += ids.length
    if (failed) summary.failedBatches += 1
  } catch (error) {
    // Only the claim or the settling of a failure can get here: this search waits for the next run.
    await db.query('rollback').catch(() => undefined)
    console.error(`send-alerts: the batch of saved search ${searchId} failed`, error)
    summary.failedBatches += 1
  }
}

/**
 * The error to record for a push to a person, or null when it counts as sent: some browser took it, or no
 * browser is left to try (the app still shows it). Otherwise the attempt failed and is retried later, the
 * same push to the same browsers.
 */
export function pushError(result: { delivered: number; errors: string[] }): string | null {
  return result.delivered === 0 && result.errors.length > 0
    ? result.errors.join('; ').slice(0, ERROR_LENGTH)
    : null
}

/** What a push queue's row asks for: one payload to a person's browsers, under a Topic. */
export type PushOrder<P> = { userId: string; payload: P; topic: string }

/**
 * A queue whose rows are each one push to a person (message pushes, saved-home pushes, viewing reminders),
 * through the queues' one loop (drainQueue): `order` says what a row pushes (null: nothing left to push, the
 * row is settled as sent), `finish` marks the row with the error to record or null. Returns how many browsers
 * took a push, and how many rows were sent and failed.
 */
export async function sendPushQueue<Row, P>(
  deps: {
    db: Db
    checkEndpoint(endpoint: string): Promise<EndpointCheck>
    push(subscription: Subscription, payload: P, topic: string): Promise<PushOutcome>
  },
  queue: {
    claim: string
    order(row: Row): PushOrder<P> | null
    finish(row: Row, error: string | null): Promise<unknown>
  },
  batches: number,
): Promise<{ pushes: number; sent: number; failed: number }> {
  let pushes = 0
  const counts = await drainQueue<Row>(
    deps.db,
    {
      claim: queue.claim,
      async send(row) {
        const order = queue.order(row)
        const result = order
          ? await pushToPerson(deps, order.userId, order.payload, order.topic)
          : { delivered: 0, errors: [] }
        pushes += result.delivered
        const error = pushError(result)
        await queue.finish(row, error)
        return error === null ? 'sent' : 'failed'
      },
      markFailed: queue.finish,
    },
    batches,
  )
  return { pushes, sent: counts.sent, failed: counts.failed }
}

/**
 * Pushes one payload to every browser a person subscribed: each endpoint checked first; one the push service
 * says is gone (404/410), or that can never be sent to, is removed. Returns how many browsers took it, how
 * many subscriptions were removed, and why the others failed (to retry later).
 */
export async function pushToPerson<P>(
  deps: {
    db: Db
    checkEndpoint(endpoint: string): Promise<EndpointCheck>
    push(subscription: Subscription, payload: P, topic: string): Promise<PushOutcome>
  },
  userId: string,
  payload: P,
  topic: string,
): Promise<{ delivered: number; removed: number; errors: string[] }> {
  const { db } = deps
  const subscriptions = await db.query<Subscription>(
    'select id, endpoint, p256dh, auth from public.push_subscriptions where user_id = $1 order by created_at, id',
    [userId],
  )
  const errors: string[] = []
  let delivered = 0
  let removed = 0
  const remove = async (id: string) => {
    await db.query('delete from public.push_subscriptions where id = $1', [id])
    removed += 1
  }
  for (const subscription of subscriptions.rows) {
    const outcome = await tryBrowser(deps, subscription, payload, topic)
    if (outcome === 'delivered') delivered += 1
    else if (outcome === 'gone') await remove(subscription.id)
    else errors.push(outcome.error)
  }
  return { delivered, removed, errors }
}

/**
 * One browser's push, in its own try: its endpoint checked, the push built (encrypted to its keys) and sent.
 * 'gone' when the subscription can never be sent to again; an error when this try failed.
 */
async function tryBrowser<P>(
  deps: {
    checkEndpoint(endpoint: string): Promise<EndpointCheck>
    push(subscription: Subscription, payload: P, topic: string): Promise<PushOutcome>
  },
  subscription: Subscription,
  payload: P,
  topic: string,
): Promise<'delivered' | 'gone' | { error: string }> {
  try {
    const check = await deps.checkEndpoint(subscription.endpoint)
    if (!check.ok) return check.permanent ? 'gone' : { error: check.reason }
    const outcome = await deps.push(subscription, payload, topic)
    if ('status' in outcome && outcome.status >= 200 && outcome.status < 300) return 'delivered'
    if ('status' in outcome && GONE.has(outcome.status)) return 'gone'
    return { error: describe(outcome) }
  } catch (error) {
    return { error: `the push to a browser failed: ${errorText(error)}` }
  }
}
