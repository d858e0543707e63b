import type { SavedSearchAlerts, StoredSavedSearch } from '../lib/local-db'
import { type RoostDb, useLocalQuery, withLocalDb } from '../lib/local-db-access'
import { dropThing, enqueue, thingsWithWrites } from './outbox'

// Owner of the `savedSearches` table: a signed-in person's saved searches, mirrored from the server, with the
// changes made on this device applied at once and queued in the outbox (src/device/outbox.ts) in the same
// transaction, so the device and the queue never disagree.

export type { SavedSearchAlerts, StoredSavedSearch }

/** The outbox kinds of saved-search writes; each has a handler in src/features/saved-searches. */
export const SAVED_SEARCH_KINDS = {
  create: 'saved-search.create',
  update: 'saved-search.update',
  delete: 'saved-search.delete',
  open: 'saved-search.open',
} as const

/** The most saved searches an account keeps (the database refuses the 21st with the same words). */
export const MAX_SAVED_SEARCHES = 20

export type SavedSearchCreate = Pick<StoredSavedSearch, 'id' | 'name' | 'params' | 'alerts'>
export type SavedSearchPatch = Partial<Pick<StoredSavedSearch, 'name' | 'alerts'>>

declare module '../lib/outbox/payloads' {
  interface OutboxPayloads {
    [SAVED_SEARCH_KINDS.create]: SavedSearchCreate
    [SAVED_SEARCH_KINDS.update]: { id: string } & SavedSearchPatch
    [SAVED_SEARCH_KINDS.delete]: { id: string }
    [SAVED_SEARCH_KINDS.open]: { id: string }
  }
}

/** A saved search as the server holds it, with its count of new homes. */
export type ServerSavedSearch = Omit<StoredSavedSearch, 'userId'>

const ownSearches = (db: RoostDb, userId: string) => db.savedSearches.where('userId').equals(userId)

/**
 * Keeps a new saved search on the device and queues it for the server. Returns 'limit' (and keeps nothing)
 * when the person already has the most the account may hold.
 */
export function createSavedSearch(
  userId: string,
  search: SavedSearchCreate,
): Promise<'created' | 'limit' | null> {
  return withLocalDb(
    (db) =>
      db.transaction('rw', db.savedSearches, db.outbox, async () => {
        if ((await ownSearches(db, userId).count()) >= MAX_SAVED_SEARCHES) return 'limit' as const
        const now = new Date().toISOString()
        await db.savedSearches.put({ ...search, userId, lastOpenedAt: now, createdAt: now, newCount: 0 })
        await enqueue(db, { userId, kind: SAVED_SEARCH_KINDS.create, thing: search.id, payload: search })
        return 'created' as const
      }),
    null,
  )
}

/** Renames a saved search or changes its alerts, on the device at once and queued for the server. */
export function changeSavedSearch(userId: string, id: string, patch: SavedSearchPatch): Promise<boolean> {
  return withLocalDb(
    (db) =>
      db.transaction('rw', db.savedSearches, db.outbox, async () => {
        const found = await db.savedSearches.get(id)
        if (!found || found.userId !== userId) return false
        await db.savedSearches.update(id, patch)
        await enqueue(db, { userId, kind: SAVED_SEARCH_KINDS.update, thing: id, payload: { id, ...patch } })
        return true
      }),
    false,
  )
}

/** Deletes a saved search on the device at once and queues the delete for the server. */
export function deleteSavedSearch(userId: string, id: string): Promise<boolean> {
  return withLocalDb(
    (db) =>
      db.transaction('rw', db.savedSearches, db.outbox, async () => {
        const found = await db.savedSearches.get(id)
        if (!found || found.userId !== userId) return false
        await db.savedSearches.delete(id)
        await enqueue(db, { userId, kind: SAVED_SEARCH_KINDS.delete, thing: id, payload: { id } })
        return true
      }),
    false,
  )
}

/**
 * Marks a saved search opened now on the device (nothing counts as new any more) and, when `queue` is set,
 * queues the server's open_saved_search. Returns the time it was last opened before, or null when the
 * device does not know it.
 */
export function markSavedSearchOpened(
  userId: string,
  id: string,
  options: { queue: boolean; previous?: string },
): Promise<string | null> {
  return withLocalDb(
    (db) =>
      db.transaction('rw', db.savedSearches, db.outbox, async () => {
        const found = await db.savedSearches.get(id)
        if (found && found.userId !== userId) return null
        if (found) await db.savedSearches.update(id, { lastOpenedAt: new Date().toISOString(), newCount: 0 })
        if (options.queue)
          await enqueue(db, { userId, kind: SAVED_SEARCH_KINDS.open, thing: id, payload: { id } })
        return options.previous ?? found?.lastOpenedAt ?? null
      }),
    null,
  )
}

/** Whether the outbox still holds writes about this saved search (then the server's copy is behind). */
export function hasQueuedWrites(userId: string, id: string): Promise<boolean> {
  return withLocalDb(async (db) => (await thingsWithWrites(db, userId)).has(id), true)
}

/**
 * Takes the server's saved searches as the device's, except those with writes still queued or refused here,
 * which keep the device's version until the outbox has sent them (or the person discarded them).
 */
export function mirrorSavedSearches(userId: string, server: readonly ServerSavedSearch[]): Promise<void> {
  return withLocalDb(
    (db) =>
      db.transaction('rw', db.savedSearches, db.outbox, async () => {
        const waiting = await thingsWithWrites(db, userId)
        const serverIds = new Set(server.map((search) => search.id))
        const gone = (await ownSearches(db, userId).primaryKeys()).filter(
          (id) => !serverIds.has(id) && !waiting.has(id),
        )
        await db.savedSearches.bulkDelete(gone)
        await db.savedSearches.bulkPut(
          server.filter((search) => !waiting.has(search.id)).map((search) => ({ ...search, userId })),
        )
      }),
    undefined,
  )
}

/** Gives up this device's unsent changes of a saved search (after a refusal): the server's copy comes back. */
export function discardSavedSearchChanges(userId: string, id: string): Promise<void> {
  return withLocalDb(
    (db) =>
      db.transaction('rw', db.savedSearches, db.outbox, async () => {
        await dropThing(db, userId, id)
        await db.savedSearches.delete(id)
      }),
    undefined,
  )
}

/** One saved search of the user, or undefined. */
export function readSavedSearch(userId: string, id: string): Promise<StoredSavedSearch | undefined> {
  return withLocalDb(async (db) => {
    const found = await db.savedSearches.get(id)
    return found?.userId === userId ? found : undefined
  }, undefined)
}

/** The user's saved searches on this device, once (no order). */
export function readSavedSearches(userId: string): Promise<StoredSavedSearch[]> {
  return withLocalDb((db) => ownSearches(db, userId).toArray(), [])
}

/** The user's saved searches, newest first, kept live; undefined until the device answers. */
export function useSavedSearches(userId: string | null): StoredSavedSearch[] | undefined {
  return useLocalQuery(
    `saved-searches:${userId ?? ''}`,
    async (db) => {
      if (!userId) return []
      const searches = await ownSearches(db, userId).toArray()
      return searches.sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0))
    },
    undefined,
  )
}
