/**
 * Pushes for changes of saved homes (public.saved_home_pushes): a saved home reduced, gone under offer or
 * off the market, for people who chose `Tell me when a saved home changes`. Sent by send-alerts' instant
 * run like the message pushes: in one transaction, claim a batch (`for update skip locked`), push each to
 * the person's browsers, mark each sent (or record the failed attempt), commit. Each push is settled in a
 * savepoint of its own, so one that throws records its error and the rest go on. A sender that dies
 * before its commit leaves the rows for the next run; the push in flight may go again, with the same
 * Topic and tag (one per home), so the person sees one notification.
 */
import type { AsRead, FunctionRow } from '../_shared/database-rows.ts'
import type { EndpointCheck } from '../_shared/push-endpoint.ts'
import { ERROR_LENGTH, isolated } from '../_shared/queue-item.ts'
import { type Db, type PushOutcome, pushToPerson, type Subscription } from './sender.ts'

export type SavedHomePayload = { title: string; body: string; url: string; tag: string }

export type SavedHomePushDeps = {
  db: Db
  checkEndpoint(endpoint: string): Promise<EndpointCheck>
  push(subscription: Subscription, payload: SavedHomePayload, topic: string): Promise<PushOutcome>
}

export type SavedHomePushSummary = {
  savedHomePushes: number
  savedHomesSent: number
  savedHomesFailed: number
}

type Claimed = Omit<
  AsRead<FunctionRow<'claim_saved_home_pushes'>, 'previous_price', 'push_id'>,
  'listing_type' | 'change'
> & {
  // Text columns whose values the table's checks limit to these.
  listing_type: 'rent' | 'sale'
  change: 'reduced' | 'under_offer' | 'off_market'
}

/** The app's status labels (src/utils/market-status.ts). */
const STATUS_LABELS: Record<string, string> = {
  available: 'Available',
  under_offer: 'Under offer',
  sold_stc: 'Sold STC',
  sold: 'Sold',
  let_agreed: 'Let agreed',
  let: 'Let',
}

const pounds = (amount: number) => `£${amount.toLocaleString('en-GB')}`

/**
 * What the notification says: `Reduced by £50 · Sunny flat` with `Now £2,000, was £2,050`, or the new
 * status (`Under offer · Sunny flat`, `Let · Sunny flat`); it opens the home's page.
 */
export function savedHomePayload(
  row: Pick<
    Claimed,
    'listing_id' | 'listing_name' | 'listing_type' | 'change' | 'status' | 'price' | 'previous_price'
  >,
): SavedHomePayload {
  const reduced = row.change === 'reduced' && row.previous_price !== null
  const title = reduced
    ? `Reduced by ${pounds((row.previous_price ?? row.price) - row.price)} · ${row.listing_name}`
    : `${STATUS_LABELS[row.status] ?? row.status} · ${row.listing_name}`
  const body = reduced
    ? `Now ${pounds(row.price)}, was ${pounds(row.previous_price ?? row.price)}`
    : row.change === 'off_market'
      ? 'A home you saved is leaving the market'
      : 'A home you saved has an offer'
  return {
    title,
    body,
    url: `/category/${row.listing_type}/${row.listing_id}`,
    tag: `saved-home-${row.listing_id}`,
  }
}

/** One Topic per home (RFC 8030: at most 32 URL-safe characters): the hex of its id. */
export const savedHomeTopic = (listingId: string) => listingId.replace(/-/g, '')

export async function sendSavedHomePushes(
  deps: SavedHomePushDeps,
  batches = 10,
): Promise<SavedHomePushSummary> {
  const { db } = deps
  const summary: SavedHomePushSummary = { savedHomePushes: 0, savedHomesSent: 0, savedHomesFailed: 0 }
  for (let batch = 0; batch < batches; batch += 1) {
    await db.query('begin')
    try {
      const { rows } = await db.query<Claimed>('select * from public.claim_saved_home_pushes(50)')
      if (rows.length === 0) {
        await db.query('commit')
        break
      }
      for (const row of rows) {
        // Each push on its own: one that throws records its error, and the batch goes on.
        const settled = await isolated(db, async () => {
          const payload = savedHomePayload(row)
          const { delivered, errors } = await pushToPerson(
            deps,
            row.user_id,
            payload,
            savedHomeTopic(row.listing_id),
          )
          summary.savedHomePushes += delivered
          const failed = delivered === 0 && errors.length > 0
          await db.query('select public.finish_saved_home_push($1, $2)', [
            row.push_id,
            failed ? errors.join('; ').slice(0, ERROR_LENGTH) : null,
          ])
          return failed
        })
        if (!settled.ok)
          await db.query('select public.finish_saved_home_push($1, $2)', [row.push_id, settled.error])
        if (!settled.ok || settled.value) summary.savedHomesFailed += 1
        else summary.savedHomesSent += 1
      }
      await db.query('commit')
    } catch (error) {
      await db.query('rollback').catch(() => undefined)
      throw error
    }
  }
  return summary
}
