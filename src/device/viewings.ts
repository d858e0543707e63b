import { useLocalQuery, withLocalDb } from '../lib/local-db-access'
import { type StoredViewing, VIEWING_KINDS, type Viewing, viewingThing } from '../types/viewing'
import { enqueue } from './outbox'

// Owner of the `viewings` table: the person's viewings as last read from the server, so the Viewings screen
// (a viewing day above all) opens with no signal. `Cancel` and `Running late` made here are queued in the
// one outbox in the same transaction as the change shown on the device, so both are kept or neither.

export type { StoredViewing }

/** Replaces the person's kept viewings with the server's list; a cancellation still queued here stays shown. */
export function keepViewings(userId: string, viewings: readonly Viewing[]): Promise<void> {
  return withLocalDb(
    (db) =>
      db.transaction('rw', db.viewings, async () => {
        const kept = await db.viewings.where('userId').equals(userId).toArray()
        const local = new Map(kept.map((v) => [v.id, v]))
        await db.viewings.bulkDelete(kept.map((v) => v.id))
        await db.viewings.bulkPut(
          viewings.map((viewing) => {
            const before = local.get(viewing.id)
            const cancelQueued = before?.cancelQueued === true && viewing.status !== 'cancelled'
            return {
              ...viewing,
              userId,
              ...(cancelQueued ? { cancelQueued, status: 'cancelled' as const } : {}),
              ...(before?.lateQueuedAt ? { lateQueuedAt: before.lateQueuedAt } : {}),
            }
          }),
        )
      }),
    undefined,
  )
}

/** The person's viewings kept on this device, in time order, kept live. */
export function useKeptViewings(userId: string): StoredViewing[] {
  return useLocalQuery(
    `viewings:${userId}`,
    async (db) => (await db.viewings.where('userId').equals(userId).sortBy('startsAt')) as StoredViewing[],
    [],
  )
}

/** Cancels a viewing on this device at once, and queues the cancellation for the server (sent once). */
export function queueCancel(userId: string, bookingId: string): Promise<boolean> {
  return withLocalDb(
    (db) =>
      db.transaction('rw', db.viewings, db.outbox, async () => {
        await db.viewings.update(bookingId, { status: 'cancelled', cancelQueued: true })
        await enqueue(db, {
          userId,
          kind: VIEWING_KINDS.cancel,
          thing: viewingThing(bookingId),
          payload: { bookingId },
        })
        return true
      }),
    false,
  )
}

/** Queues `Running late` for the landlord (one message, by the device's id) and notes it on the viewing. */
export function queueRunningLate(userId: string, bookingId: string, minutes: number): Promise<boolean> {
  return withLocalDb(
    (db) =>
      db.transaction('rw', db.viewings, db.outbox, async () => {
        await db.viewings.update(bookingId, { lateQueuedAt: Date.now() })
        await enqueue(db, {
          userId,
          kind: VIEWING_KINDS.late,
          thing: viewingThing(bookingId),
          payload: { bookingId, messageId: crypto.randomUUID(), minutes },
        })
        return true
      }),
    false,
  )
}
