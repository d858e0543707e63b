import { mirrorListings, missingListingIds } from '../../../device/listings'
import { outboxStore } from '../../../device/outbox'
import { keepShortlist } from '../../../device/shortlist'
import { registerOutboxKinds, runOutbox } from '../../../lib/outbox/runner'
import { HOME_NOTE_KINDS } from '../../../types/shortlist'
import { keepPhotosOffline } from './keep-photos-offline'
import { fetchListings, fetchShortlist, sendNote, sendVote } from './shortlist-remote'

// Notes and votes made on this device reach the server through the one outbox, in order per home, each once;
// then the shortlist is read again, with the homes the others added kept on the device to open offline.

registerOutboxKinds({
  [HOME_NOTE_KINDS.note]: ({ payload: p }) => sendNote(p.listingId, p.body),
  [HOME_NOTE_KINDS.vote]: ({ payload: p }) => sendVote(p.listingId, p.vote),
})

let running: Promise<void> = Promise.resolve()

async function sync(userId: string): Promise<string | null> {
  await runOutbox(userId, outboxStore())
  const server = await fetchShortlist()
  const missing = await missingListingIds(server.homes.map((home) => home.listingId))
  const listings = await fetchListings(missing)
  await mirrorListings(listings)
  await Promise.all(listings.map((listing) => keepPhotosOffline(listing.imageUrls)))
  await keepShortlist(userId, server)
  return server.shortlistId
}

/**
 * Sends queued notes, then reads the shortlist again; one at a time, failures (offline) wait for the next.
 * Resolves to the id of the person's shortlist (null when they are in none), or undefined when it failed.
 */
export function syncShortlist(userId: string): Promise<string | null | undefined> {
  const done = running.then(() => sync(userId)).catch(() => undefined)
  running = done.then(() => undefined)
  return done
}
