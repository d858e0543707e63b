import { outboxStore } from '../../../device/outbox'
import {
  hasQueuedWrites,
  markSavedSearchOpened,
  mirrorSavedSearches,
  SAVED_SEARCH_KINDS,
} from '../../../device/saved-searches'
import { registerOutboxKinds, runOutbox, whileOutboxHeld } from '../../../lib/outbox/runner'
import { KEEP_SUBSCRIPTION_KIND, keepSubscription } from './push-alerts'
import {
  fetchSavedSearches,
  insertSavedSearch,
  openSavedSearchOnServer,
  removeSavedSearch,
  updateSavedSearch,
} from './saved-searches-remote'

// The outbox kinds of saved searches, and bringing the device's copy in step with the server.

registerOutboxKinds({
  [SAVED_SEARCH_KINDS.create]: (entry) => insertSavedSearch(entry.payload),
  [SAVED_SEARCH_KINDS.update]: (entry) => {
    const { id, ...patch } = entry.payload
    return updateSavedSearch(id, patch)
  },
  [SAVED_SEARCH_KINDS.delete]: (entry) => removeSavedSearch(entry.payload.id),
  [SAVED_SEARCH_KINDS.open]: async (entry) => {
    await openSavedSearchOnServer(entry.payload.id)
  },
  [KEEP_SUBSCRIPTION_KIND]: (entry) => keepSubscription(entry.payload),
})

/** Sends the queued writes (every kind registered so far), one tab at a time. */
export function sendQueuedWrites(userId: string) {
  return runOutbox(userId, outboxStore())
}

/**
 * Sends what is queued, then reads the person's saved searches and their `N new` counts from the server
 * into the device (searches with writes still queued keep the device's version). Offline it does nothing.
 */
export async function syncSavedSearches(userId: string): Promise<void> {
  if (!navigator.onLine) return
  await sendQueuedWrites(userId)
  // Read and laid over the device with the outbox held: a create sent between the two would otherwise be
  // missing from the read and taken for a search deleted elsewhere.
  await whileOutboxHeld(async () => mirrorSavedSearches(userId, await fetchSavedSearches()))
}

/**
 * Opens a saved search: online, with nothing of it still queued, the server marks it opened and says when
 * it was opened before; otherwise (offline, or the server unreachable) the device marks it and queues the
 * server's mark behind the search's other writes. Returns the previous opening (ISO time), or null.
 */
export async function openSavedSearch(userId: string, id: string): Promise<string | null> {
  if (navigator.onLine && !(await hasQueuedWrites(userId, id))) {
    try {
      const previous = await openSavedSearchOnServer(id)
      return await markSavedSearchOpened(userId, id, { queue: false, ...(previous ? { previous } : {}) })
    } catch {
      // Not reached: queued below like an offline opening.
    }
  }
  const previous = await markSavedSearchOpened(userId, id, { queue: true })
  void sendQueuedWrites(userId)
  return previous
}
