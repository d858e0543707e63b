import { outboxStore } from '../../../device/outbox'
import { registerOutboxKinds, runOutbox } from '../../../lib/outbox/runner'
import { VIEWING_KINDS } from '../../../types/viewing'
import { sendCancel, sendRunningLate } from './viewings-remote'

// Cancellations and `Running late` made on this device reach the server through the one outbox, in order
// per viewing, each once (the server takes a repeat as the same change).

registerOutboxKinds({
  [VIEWING_KINDS.cancel]: ({ payload: p }) => sendCancel(p.bookingId),
  [VIEWING_KINDS.late]: ({ payload: p }) => sendRunningLate(p.bookingId, p.messageId, p.minutes),
})

/** Sends the queued writes (viewings' among them), one tab at a time. */
export function sendQueuedViewings(userId: string) {
  return runOutbox(userId, outboxStore())
}
