import { outboxStore, retryThing } from '../../../device/outbox'
import {
  changeSavedSearch,
  createSavedSearch,
  deleteSavedSearch,
  discardSavedSearchChanges,
  readSavedSearches,
  type SavedSearchAlerts,
} from '../../../device/saved-searches'
import { withoutLegacyText } from '../../../utils/legacy-text'
import { sameSavedParams, savedSearchName, toSavedParams } from '../search-name'
import { enablePushAlerts, type PushReach } from './push-alerts'
import { sendQueuedWrites, syncSavedSearches } from './sync-saved-searches'

// What the saved-search screens do: each change lands on the device at once (so it shows, offline too) and
// goes to the server through the outbox, which the change starts at once when online.

/** The words the database refuses a 21st saved search with, which the screens show as they are. */
export const LIMIT_MESSAGE = 'You can save up to 20 searches'

/** The words the database refuses the same search saved twice with. */
export const DUPLICATE_MESSAGE = 'You have already saved this search'

export type SaveResult =
  | { status: 'saved'; id: string; name: string }
  | { status: 'duplicate'; id: string; name: string }
  | { status: 'limit' }
  | { status: 'refused'; message: string }
  | { status: 'failed' }

const send = (userId: string) => void sendQueuedWrites(userId).catch(() => undefined)

/** Saves a search (as /search's URL holds it) under a name built from its filters, alerts off. */
export async function saveSearch(userId: string, search: Record<string, unknown>): Promise<SaveResult> {
  // The server keeps no legacy text: it is saved as the place or keywords it is read as.
  const params = toSavedParams(await withoutLegacyText(search))
  const saved = await findSavedSearch(userId, params)
  if (saved) return { status: 'duplicate', ...saved }
  const id = crypto.randomUUID()
  const name = savedSearchName(params)
  const created = await createSavedSearch(userId, { id, name, params, alerts: 'off' })
  if (created === 'limit') return { status: 'limit' }
  if (created !== 'created') return { status: 'failed' }
  if (!navigator.onLine) return { status: 'saved', id, name }
  // Online, the server's answer is worth the wait: a refusal (the device may not know every search the
  // account holds yet) is said here, where the person pressed, and the search is not kept.
  await sendQueuedWrites(userId).catch(() => undefined)
  const refusal = (await outboxStore().pending(userId)).find(
    (entry) => entry.thing === id && entry.state === 'refused',
  )
  if (!refusal) return { status: 'saved', id, name }
  await discardSavedSearchChanges(userId, id)
  if (refusal.reason === DUPLICATE_MESSAGE) {
    // Saved from another device: the device learns of it, and the screen opens it.
    await syncSavedSearches(userId).catch(() => undefined)
    const found = await findSavedSearch(userId, params)
    if (found) return { status: 'duplicate', ...found }
  }
  return refusal.reason === LIMIT_MESSAGE
    ? { status: 'limit' }
    : { status: 'refused', message: refusal.reason ?? '' }
}

/** The person's saved search that is this search, if any (as this device knows them). */
export async function findSavedSearch(
  userId: string,
  search: Record<string, unknown>,
): Promise<{ id: string; name: string } | null> {
  const found = (await readSavedSearches(userId)).find((saved) => sameSavedParams(saved.params, search))
  return found ? { id: found.id, name: found.name } : null
}

export async function renameSavedSearch(userId: string, id: string, name: string): Promise<void> {
  if (await changeSavedSearch(userId, id, { name })) send(userId)
}

/** Sets how a saved search alerts; Instant or Daily asks for notifications. Returns where alerts can reach. */
export async function setSavedSearchAlerts(
  userId: string,
  id: string,
  alerts: SavedSearchAlerts,
): Promise<PushReach | null> {
  if (await changeSavedSearch(userId, id, { alerts })) send(userId)
  if (alerts === 'off') return null
  const reach = await enablePushAlerts(userId)
  // The subscription it queued goes out now too.
  if (reach === 'ready') send(userId)
  return reach
}

export async function removeSavedSearch(userId: string, id: string): Promise<void> {
  if (await deleteSavedSearch(userId, id)) send(userId)
}

/** Sends a refused write of any thing again (e.g. a push subscription). */
export async function retryWrite(userId: string, thing: string): Promise<void> {
  await retryThing(userId, thing)
  send(userId)
}

/** Sends a refused change again (after the person fixed what the server refused, e.g. deleted another search). */
export async function retrySavedSearch(userId: string, id: string): Promise<void> {
  await retryThing(userId, id)
  send(userId)
}

/** Gives up a refused change: the device takes the server's copy back. */
export async function discardSavedSearch(userId: string, id: string): Promise<void> {
  await discardSavedSearchChanges(userId, id)
  await syncSavedSearches(userId).catch(() => undefined)
}
