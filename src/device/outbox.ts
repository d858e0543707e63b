import type { OutboxEntry, OutboxEntryOf } from '../lib/local-db'
import { deviceDbKept, type RoostDb, useLocalQuery, withLocalDb } from '../lib/local-db-access'
import type { OutboxStore } from '../lib/outbox/drain'
import type { OutboxKind } from '../lib/outbox/payloads'
import { LISTING_PUBLISH_KIND } from '../types/listing-publish'

// Owner of the `outbox` table: every write made on this device that must reach the server exactly once,
// whatever its kind (saved-search changes, publishing a draft, listing edits, messages).
// Other owners queue an entry inside their own transaction with `enqueue`, so a change on the device and
// the write that will carry it to the server are kept together or not at all.

export type { OutboxEntry, OutboxEntryOf, OutboxStore }

/** What a new entry says; the rest (state, attempts, when) starts the same for every entry. */
export type NewOutboxEntry = {
  [K in OutboxKind]: Pick<OutboxEntryOf<K>, 'userId' | 'kind' | 'thing' | 'payload'>
}[OutboxKind]

/** Queues a write (inside another owner's transaction too: include db.outbox in it). */
export async function enqueue(db: RoostDb, entry: NewOutboxEntry): Promise<void> {
  await db.outbox.add({
    ...entry,
    id: crypto.randomUUID(),
    state: 'waiting',
    attempts: 0,
    nextAttemptAt: 0,
    reason: null,
    queuedAt: Date.now(),
  })
}

/**
 * Forgets every write about a thing, or only those of one kind (inside another owner's transaction too), e.g.
 * when it is discarded.
 */
export async function dropThing(db: RoostDb, userId: string, thing: string, kind?: string): Promise<void> {
  await db.outbox
    .where('thing')
    .equals(thing)
    .filter((entry) => entry.userId === userId && (kind === undefined || entry.kind === kind))
    .delete()
}

/**
 * Makes a thing's writes of one kind due at once, refused ones too (the person asked to send it now), inside
 * another owner's transaction; queues `entry` when there is none. Returns whether one was queued.
 */
export async function sendSoon(db: RoostDb, entry: NewOutboxEntry): Promise<boolean> {
  const changed = await db.outbox
    .where('thing')
    .equals(entry.thing)
    .filter((queued) => queued.userId === entry.userId && queued.kind === entry.kind)
    .modify({ state: 'waiting', reason: null, nextAttemptAt: 0 })
  if (changed > 0) return false
  await enqueue(db, entry)
  return true
}

/** The things of `userId` with writes still queued or refused (inside another owner's transaction too). */
export async function thingsWithWrites(db: RoostDb, userId: string): Promise<Set<string>> {
  const entries = await db.outbox.where('userId').equals(userId).toArray()
  return new Set(entries.map((entry) => entry.thing))
}

/** The outbox on this device's database. */
export function outboxStore(): OutboxStore {
  return {
    pending: (userId) =>
      withLocalDb(async (db) => await db.outbox.where('userId').equals(userId).sortBy('seq'), []),
    update: (seq, patch) => withLocalDb(async (db) => (await db.outbox.update(seq, patch)) > 0, false),
    remove: (seq) => withLocalDb((db) => db.outbox.delete(seq), undefined),
  }
}

/** Sends a thing's refused writes again (the person asked to try again). */
export function retryThing(userId: string, thing: string): Promise<void> {
  return withLocalDb(async (db) => {
    await db.outbox
      .where('thing')
      .equals(thing)
      .filter((entry) => entry.userId === userId && entry.state === 'refused')
      .modify({ state: 'waiting', reason: null, nextAttemptAt: 0 })
  }, undefined)
}

/** The user's queued and refused writes, oldest first, kept live ([] when signed out or unreadable). */
export function useOutbox(userId: string | null): OutboxEntry[] {
  return useLocalQuery(
    `outbox:${userId ?? ''}`,
    async (db) => (userId ? db.outbox.where('userId').equals(userId).sortBy('seq') : []),
    [],
  )
}

/** Queues a write that changes nothing else on the device (e.g. a push subscription to keep on the server). */
export function queueWrite(entry: NewOutboxEntry): Promise<boolean> {
  return withLocalDb(async (db) => {
    await enqueue(db, entry)
    return true
  }, false)
}

/**
 * Kinds not counted as unsent changes: those whose loss costs the person nothing they made (an opening, a
 * subscription the app makes again), and publishing a draft, which Logout counts as the draft.
 */
const MINOR_KINDS = new Set(['saved-search.open', 'push-subscription.keep', LISTING_PUBLISH_KIND])

/** How many changes the person made on this device are not on the server yet, kept live (for Logout's warning). */
export function useUnsentWriteCount(userId: string): number {
  return useLocalQuery(
    `outbox-unsent:${userId}`,
    async (db) =>
      db.outbox
        .where('userId')
        .equals(userId)
        .filter((entry) => !MINOR_KINDS.has(entry.kind))
        .count(),
    0,
  )
}

/** A queued write as it is now, inside another owner's transaction (an earlier write may have changed it). */
export function writeOf(db: RoostDb, seq: number): Promise<OutboxEntry | undefined> {
  return db.outbox.get(seq)
}

/**
 * Changes the next write of the same thing (e.g. to the version an earlier write left), while the runner holds
 * the outbox: `change` gets that entry and returns it as it should be.
 */
export function changeNextOfThing(
  userId: string,
  thing: string,
  afterSeq: number,
  change: (next: OutboxEntry) => OutboxEntry,
): Promise<void> {
  return withLocalDb(async (db) => {
    const next = await db.outbox
      .where('thing')
      .equals(thing)
      .filter((entry) => entry.userId === userId && (entry.seq ?? 0) > afterSeq)
      .sortBy('seq')
    const first = next[0]
    if (first?.seq !== undefined) await db.outbox.put(change(first))
  }, undefined)
}

/** Sends a refused write again as the person settled it (e.g. after choosing between versions); false when gone. */
export function resendWith(entry: OutboxEntry): Promise<boolean> {
  return withLocalDb(async (db) => {
    const { seq } = entry
    return db.transaction('rw', db.outbox, async () => {
      if (seq === undefined || !(await db.outbox.get(seq))) return false
      await db.outbox.put({ ...entry, state: 'waiting', reason: null, nextAttemptAt: 0, attempts: 0 })
      return true
    })
  }, false)
}

/** Forgets writes the person gave up (inside another owner's transaction too: include db.outbox in it). */
export async function dropWrites(db: RoostDb, seqs: readonly number[]): Promise<void> {
  await db.outbox.bulkDelete([...seqs])
}

/**
 * The user's queued and refused writes, oldest first, for a screen's loader: a device that keeps no database
 * yet (a first visit) has none, and is not made to open one (which waits for the first screen) to say so.
 */
export async function queuedWrites(userId: string): Promise<OutboxEntry[]> {
  return (await deviceDbKept()) ? outboxStore().pending(userId) : []
}
