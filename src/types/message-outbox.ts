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

/**
 * Characters a reader does not see, as the database's visible_text removes or trims them: invisible format
 * characters (zero-width spaces and joiners, word joiners, byte-order marks, variation selectors...) and
 * blanks beyond JavaScript's whitespace. Code point ranges, since some of them combine with what precedes.
 */
const INVISIBLE: readonly (readonly [number, number])[] = [
  [0x0085, 0x0085],
  [0x00ad, 0x00ad],
  [0x034f, 0x034f],
  [0x061c, 0x061c],
  [0x115f, 0x1160],
  [0x17b4, 0x17b5],
  [0x180b, 0x180e],
  [0x200b, 0x200f],
  [0x202a, 0x202e],
  [0x2060, 0x206f],
  [0x2800, 0x2800],
  [0x3164, 0x3164],
  [0xfe00, 0xfe0f],
  [0xfeff, 0xfeff],
  [0xffa0, 0xffa0],
]

const isVisible = (character: string) => {
  const code = character.codePointAt(0) ?? 0
  return !/\s/u.test(character) && !INVISIBLE.some(([from, to]) => code >= from && code <= to)
}

/** A message is 1–2,000 characters of plain text with something to read (the server's CHECKs). */
export const MESSAGE_MAX = 2000
export const isSendable = (text: string) => text.length <= MESSAGE_MAX && [...text].some(isVisible)

/** The server's refusal of a message to someone who deleted their account (stamp_message), shown as is. */
export const PERSON_LEFT = 'This person has left Roost'
