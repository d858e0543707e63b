// The outbox kinds of messages (src/device/outbox.ts): the contact page queues enquiries, the Messages
// screens queue replies, and the messages feature sends both.

export const MESSAGE_KINDS = { enquiry: 'message.enquiry', reply: 'message.reply' } as const

/** An enquiry about a listing, queued under the thing `listing:<id>`. */
export type EnquiryPayload = {
  messageId: string
  listingId: string
  listingName: string
  landlordId: string
  body: string
  writtenAt: string
}

/** A reply in a conversation, queued under the conversation's id. */
export type ReplyPayload = { messageId: string; conversationId: string; body: string; writtenAt: string }

declare module '../lib/outbox/payloads' {
  interface OutboxPayloads {
    [MESSAGE_KINDS.enquiry]: EnquiryPayload
    [MESSAGE_KINDS.reply]: ReplyPayload
  }
}

export const enquiryThing = (listingId: string) => `listing:${listingId}`

/** A message is 1–2,000 characters of plain text, not only spaces (the server's CHECKs). */
export const MESSAGE_MAX = 2000
export const isSendable = (text: string) => text.trim() !== '' && text.length <= MESSAGE_MAX
