import { withLocalDb } from '../lib/local-db-access'

// Owner of the `messagesSeen` table: the person's conversation list and each conversation as last seen
// online, so Messages opens offline with what was read. Cleared with the rest of the device's data at
// sign-out; rows carry the person's id, so another account on the device never reads them.

const keyOf = (userId: string, what: string) => `${userId}:${what}`

/** Keeps what was just read from the server under `what` (e.g. `list`, `conversation:<id>`). */
export function keepSeenMessages(userId: string, what: string, value: unknown): Promise<void> {
  return withLocalDb(async (db) => {
    await db.messagesSeen.put({ key: keyOf(userId, what), userId, value, savedAt: Date.now() })
  }, undefined)
}

/** What was kept under `what`, or null. */
export function readSeenMessages<T>(userId: string, what: string): Promise<T | null> {
  return withLocalDb(async (db) => {
    const row = await db.messagesSeen.get(keyOf(userId, what))
    return row && row.userId === userId ? (row.value as T) : null
  }, null)
}
