import { outboxStore } from '../../../device/outbox'
import type { OutboxEntry } from '../../../lib/outbox/drain'
import { registerOutboxKinds, runOutbox } from '../../../lib/outbox/runner'
import { type EnquiryPayload, MESSAGE_KINDS, type ReplyPayload } from '../../../types/message-outbox'
import { sendEnquiry, sendReply } from './messages-remote'

// Messages written on this device reach the server through the one outbox: each by its client id, so a
// send repeated after a lost answer is taken once, and in order within its conversation (its thing).

registerOutboxKinds({
  [MESSAGE_KINDS.enquiry]: async (entry: OutboxEntry) => {
    const p = entry.payload as EnquiryPayload
    await sendEnquiry(p.listingId, p.messageId, p.body)
  },
  [MESSAGE_KINDS.reply]: (entry: OutboxEntry) => {
    const p = entry.payload as ReplyPayload
    return sendReply(p.conversationId, p.messageId, p.body)
  },
})

/** Sends the queued writes (messages among them), one tab at a time. */
export function sendQueuedMessages(userId: string) {
  return runOutbox(userId, outboxStore())
}
