// Notes on saved homes and the shortlist shared with others, as the device keeps them (src/device/shortlist.ts),
// and the outbox kinds that write notes and votes offline.

/** A 👍 (up) or 👎 (down) on a home, or none. */
export type HomeVote = 'up' | 'down' | null

/** The longest note, in characters (the database refuses a longer one). */
export const NOTE_MAX_LENGTH = 1000

/** One person's note and vote on a home; `authorId` null: the author deleted their account. */
export type HomeNote = {
  authorId: string | null
  listingId: string
  body: string
  vote: HomeVote
  updatedAt: string
}

export type ShortlistMember = { userId: string; name: string; seat: number }

/** A home in the shared shortlist; `addedBy` null: added by someone who deleted their account. */
export type ShortlistHome = { listingId: string; addedBy: string | null; addedAt: string }

/** An invitation this device made: the link is shown only here (the server keeps the token's hash). */
export type ShortlistInvitation = { id: string; token: string; expiresAt: string }

/** The person's notes and shortlist as last read from the server, with their own changes not yet sent. */
export type StoredShortlist = {
  userId: string
  shortlistId: string | null
  members: ShortlistMember[]
  homes: ShortlistHome[]
  notes: HomeNote[]
  invitation: ShortlistInvitation | null
  fetchedAt: number
}

export const HOME_NOTE_KINDS = { note: 'home-note.set', vote: 'home-vote.set' } as const

/** A note written or edited on this device; the last one of a home wins. */
export type HomeNotePayload = { listingId: string; body: string }

export type HomeVotePayload = { listingId: string; vote: HomeVote }

declare module '../lib/outbox/payloads' {
  interface OutboxPayloads {
    [HOME_NOTE_KINDS.note]: HomeNotePayload
    [HOME_NOTE_KINDS.vote]: HomeVotePayload
  }
}

/** Notes and votes of one home are sent in order under this thing. */
export const homeNoteThing = (listingId: string) => `home-note:${listingId}`

/** Why a note cannot be kept, in the words the server uses, or null. */
export function noteTooLong(body: string): string | null {
  const length = [...body].length
  return length > NOTE_MAX_LENGTH
    ? `A note can have up to 1,000 characters: this one has ${length.toLocaleString('en-GB')} characters`
    : null
}
