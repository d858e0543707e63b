import { type RoostDb, useLocalQuery, withLocalDb } from '../lib/local-db-access'
import type { Listing } from '../types/listing'
import {
  HOME_NOTE_KINDS,
  type HomeNote,
  type HomeVote,
  homeNoteThing,
  type ShortlistInvitation,
  type StoredShortlist,
} from '../types/shortlist'
import { readListings } from './listings'
import { enqueue, thingsWithWrites } from './outbox'

// Owner of the `shortlists` table: the person's notes on saved homes and the shortlist they share, as last
// read from the server, one row a person, so Saved and a listing's page show them with no signal. A note or a
// vote made here changes the row and queues its write in the one outbox in the same transaction.

export type { StoredShortlist }

const empty = (userId: string): StoredShortlist => ({
  userId,
  shortlistId: null,
  members: [],
  homes: [],
  notes: [],
  invitation: null,
  fetchedAt: 0,
})

/** What the server said, as read by `fetchShortlist` (the device's own link is kept when still open). */
export type ServerShortlist = Omit<StoredShortlist, 'userId' | 'invitation' | 'fetchedAt'> & {
  /** The ids of the invitations still open on the server. */
  openInvitations: string[]
}

/**
 * Keeps the server's shortlist; the person's own notes with writes still queued keep their device version, so
 * a read that raced a note written offline never undoes it.
 */
export function keepShortlist(userId: string, server: ServerShortlist): Promise<void> {
  return withLocalDb(
    (db) =>
      db.transaction('rw', db.shortlists, db.outbox, async () => {
        const before = (await db.shortlists.get(userId)) ?? empty(userId)
        const queued = await thingsWithWrites(db, userId)
        const pending = (note: HomeNote) =>
          note.authorId === userId && queued.has(homeNoteThing(note.listingId))
        const kept = before.notes.filter(pending)
        const keptIds = new Set(kept.map((note) => note.listingId))
        const notes = [
          ...server.notes.filter((note) => !(note.authorId === userId && keptIds.has(note.listingId))),
          ...kept,
        ]
        const invitation =
          before.invitation && server.openInvitations.includes(before.invitation.id)
            ? before.invitation
            : null
        await db.shortlists.put({
          userId,
          shortlistId: server.shortlistId,
          members: server.members,
          homes: server.homes,
          notes,
          invitation,
          fetchedAt: Date.now(),
        })
      }),
    undefined,
  )
}

/** Keeps the link this device just made (shown until it is used, revoked or the shortlist read again without it). */
export function keepInvitation(userId: string, invitation: ShortlistInvitation | null): Promise<void> {
  return withLocalDb(
    (db) =>
      db.transaction('rw', db.shortlists, async () => {
        const row = (await db.shortlists.get(userId)) ?? empty(userId)
        await db.shortlists.put({ ...row, invitation })
      }),
    undefined,
  )
}

async function changeOwnNote(
  db: RoostDb,
  userId: string,
  listingId: string,
  change: Partial<Pick<HomeNote, 'body' | 'vote'>>,
): Promise<void> {
  const row = (await db.shortlists.get(userId)) ?? empty(userId)
  const at = row.notes.findIndex((note) => note.authorId === userId && note.listingId === listingId)
  const note: HomeNote = {
    ...(row.notes[at] ?? { authorId: userId, listingId, body: '', vote: null }),
    ...change,
    updatedAt: new Date().toISOString(),
  }
  const notes = at < 0 ? [...row.notes, note] : row.notes.map((n, i) => (i === at ? note : n))
  await db.shortlists.put({ ...row, notes })
}

/** Writes the person's note on a home on this device at once, and queues it for the server (sent once, in order). */
export function queueNote(userId: string, listingId: string, body: string): Promise<boolean> {
  return withLocalDb(
    (db) =>
      db.transaction('rw', db.shortlists, db.outbox, async () => {
        await changeOwnNote(db, userId, listingId, { body })
        await enqueue(db, {
          userId,
          kind: HOME_NOTE_KINDS.note,
          thing: homeNoteThing(listingId),
          payload: { listingId, body },
        })
        return true
      }),
    false,
  )
}

/** The person's 👍 / 👎 on a home, on this device at once and queued for the server. */
export function queueVote(userId: string, listingId: string, vote: HomeVote): Promise<boolean> {
  return withLocalDb(
    (db) =>
      db.transaction('rw', db.shortlists, db.outbox, async () => {
        await changeOwnNote(db, userId, listingId, { vote })
        await enqueue(db, {
          userId,
          kind: HOME_NOTE_KINDS.vote,
          thing: homeNoteThing(listingId),
          payload: { listingId, vote },
        })
        return true
      }),
    false,
  )
}

/** The person's kept shortlist and notes, kept live (undefined while reading; an empty one when none). */
export function useKeptShortlist(userId: string | null): StoredShortlist | undefined {
  return useLocalQuery(
    `shortlist:${userId ?? ''}`,
    async (db) => (userId ? ((await db.shortlists.get(userId)) ?? empty(userId)) : empty('')),
    undefined,
  )
}

/** The listings of the shortlist's homes that this device keeps, newest added first. */
export function useShortlistListings(userId: string | null): Listing[] {
  return useLocalQuery(
    `shortlist-listings:${userId ?? ''}`,
    async (db) => {
      const row = userId ? await db.shortlists.get(userId) : undefined
      if (!row) return []
      const homes = [...row.homes].sort((a, b) => b.addedAt.localeCompare(a.addedAt))
      return readListings(
        db,
        homes.map((home) => home.listingId),
      )
    },
    [],
  )
}

/** Reads the person's kept shortlist once (for the bench and the sync). */
export function readKeptShortlist(userId: string): Promise<StoredShortlist> {
  return withLocalDb(async (db) => (await db.shortlists.get(userId)) ?? empty(userId), empty(userId))
}
