/**
 * Pushes for new messages (public.message_pushes), sent by send-alerts' instant run with the same push
 * code as alerts, through the queues' one loop (_shared/queue-item.ts, drainQueue): in one transaction, claim a
 * batch (`for update skip locked`), push each to the recipient's browsers, mark each sent (or record the
 * failed attempt), commit; one push that throws records its error and the rest go on. A sender that dies
 * before its commit leaves the rows unsent and unlocked for the next run; the push in flight then may go
 * again, with the same Topic and tag (one per conversation), so the person sees one notification.
 */
import type { AsRead, FunctionRow } from '../_shared/database-rows.ts'
import type { EndpointCheck } from '../_shared/push-endpoint.ts'
import { type Db, type PushOutcome, type Subscription, sendPushQueue } from './sender.ts'

export type MessagePayload = { title: string; body: string; url: string; tag: string }

export type MessagePushDeps = {
  db: Db
  checkEndpoint(endpoint: string): Promise<EndpointCheck>
  push(subscription: Subscription, payload: MessagePayload, topic: string): Promise<PushOutcome>
}

export type MessagePushSummary = { messagePushes: number; messagesSent: number; messagesFailed: number }

type Claimed = AsRead<FunctionRow<'claim_message_pushes'>, 'sender_name' | 'listing_name', 'push_id'>

/** What the notification says: who wrote about which home, the start of the message, where it opens. */
export function messagePayload(
  row: Pick<Claimed, 'conversation_id' | 'sender_name' | 'listing_name' | 'body'>,
): MessagePayload {
  const who = row.sender_name?.trim() || 'Someone'
  const body = row.body.length > 120 ? `${row.body.slice(0, 119)}…` : row.body
  return {
    title: row.listing_name ? `${who} · ${row.listing_name}` : `New message from ${who}`,
    body,
    url: `/messages/${row.conversation_id}`,
    tag: `conversation-${row.conversation_id}`,
  }
}

/** One Topic per conversation (RFC 8030: at most 32 URL-safe characters): the hex of its id. */
export const messageTopic = (conversationId: string) => conversationId.replace(/-/g, '')

export async function sendMessagePushes(deps: MessagePushDeps, batches = 10): Promise<MessagePushSummary> {
  const { pushes, sent, failed } = await sendPushQueue<Claimed, MessagePayload>(
    deps,
    {
      claim: 'select * from public.claim_message_pushes(50)',
      order: (row) => ({
        userId: row.recipient_id,
        payload: messagePayload(row),
        topic: messageTopic(row.conversation_id),
      }),
      finish: (row, error) =>
        deps.db.query('select public.finish_message_push($1, $2)', [row.push_id, error]),
    },
    batches,
  )
  return { messagePushes: pushes, messagesSent: sent, messagesFailed: failed }
}
