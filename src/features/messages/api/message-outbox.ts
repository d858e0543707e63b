import { outboxStore } from '../../../device/outbox'
import { registerOutboxKinds, runOutbox } from '../../../lib/outbox/runner'
import { MESSAGE_KINDS } from '../../../types/message-outbox'
import { sendEnquiry, sendReply } from './messages-remote'

// Messages written on this device reach the server through the one outbox: each by its client id, so a
// send repeated after a lost answer is taken once, and in order within its conversation (its thing).

registerOutboxKinds({
  [MESSAGE_KINDS.enquiry]: async ({ payload: p }) => {
    await sendEnquiry(p.listingId, p.messageId, p.body)
  },
  [MESSAGE_KINDS.reply]: ({ payload: p }) => sendReply(p.conversationId, p.messageId, p.body),
})

/** Sends the queued writes (messages among them), one tab at a time. */
export function sendQueuedMessages(userId: string) {
  return runOutbox(userId, outboxStore())
}
