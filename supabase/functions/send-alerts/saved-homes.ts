/**
 * Pushes for changes of saved homes (public.saved_home_pushes): a saved home reduced, gone under offer or
 * off the market, for people who chose `Tell me when a saved home changes`. Sent by send-alerts' instant
 * run like the message pushes, through the queues' one loop (_shared/queue-item.ts, drainQueue): in one
 * transaction, claim a batch (`for update skip locked`), push each to the person's browsers, mark each sent
 * (or record the failed attempt), commit; one push that throws records its error and the rest go on. A sender that dies
 * before its commit leaves the rows for the next run; the push in flight may go again, with the same
 * Topic and tag (one per home), so the person sees one notification.
 */
import type { AsRead, FunctionRow } from '../_shared/database-rows.ts'
import type { EndpointCheck } from '../_shared/push-endpoint.ts'
import { type Db, type PushOutcome, type Subscription, sendPushQueue } from './sender.ts'

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
  const { pushes, sent, failed } = await sendPushQueue<Claimed, SavedHomePayload>(
    deps,
    {
      claim: 'select * from public.claim_saved_home_pushes(50)',
      order: (row) => ({
        userId: row.user_id,
        payload: savedHomePayload(row),
        topic: savedHomeTopic(row.listing_id),
      }),
      finish: (row, error) =>
        deps.db.query('select public.finish_saved_home_push($1, $2)', [row.push_id, error]),
    },
    batches,
  )
  return { savedHomePushes: pushes, savedHomesSent: sent, savedHomesFailed: failed }
}
