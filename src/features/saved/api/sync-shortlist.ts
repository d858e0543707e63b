import { mirrorListings, missingListingIds } from '../../../device/listings'
import { outboxStore } from '../../../device/outbox'
import { keepShortlist } from '../../../device/shortlist'
import { registerOutboxKinds, runOutbox } from '../../../lib/outbox/runner'
import { watchLive } from '../../../lib/realtime'
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

async function sync(userId: string): Promise<void> {
  await runOutbox(userId, outboxStore())
  const server = await fetchShortlist()
  const missing = await missingListingIds(server.homes.map((home) => home.listingId))
  const listings = await fetchListings(missing)
  await mirrorListings(listings)
  await Promise.all(listings.map((listing) => keepPhotosOffline(listing.imageUrls)))
  await keepShortlist(userId, server)
  follow(userId, server.shortlistId)
}

let followed: { key: string; stop: () => void } | undefined

/**
 * Live: while the person is in a shared shortlist, another member's home added or removed, note, vote, joining
 * or leaving (event `shortlist` on the topic shortlist:<id>), and every join and re-join of that topic, read
 * the shortlist again.
 */
function follow(userId: string, shortlistId: string | null): void {
  const key = shortlistId ? `${userId} shortlist:${shortlistId}` : ''
  if ((followed?.key ?? '') === key) return
  stopFollowingShortlist()
  if (!shortlistId) return
  const reread = () => void syncShortlist(userId)
  followed = {
    key,
    stop: watchLive(`shortlist:${shortlistId}`, {
      onJoined: reread,
      onEvent: ({ event }) => {
        if (event === 'shortlist') reread()
      },
    }),
  }
}

/** Leaves the shortlist's live topic (signed out). */
export function stopFollowingShortlist(): void {
  followed?.stop()
  followed = undefined
}

/** Sends queued notes, then reads the shortlist again; one at a time, failures (offline) wait for the next. */
export function syncShortlist(userId: string): Promise<void> {
  running = running.then(() => sync(userId)).catch(() => undefined)
  return running
}
