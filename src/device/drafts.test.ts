import 'fake-indexeddb/auto'
import { beforeEach, describe, expect, it } from 'vitest'
import { type DraftValues, db } from '../lib/local-db'
import {
  deleteDraft,
  draftPhotoPath,
  PUBLISHED_KEPT_MS,
  prunePublished,
  publishSoon,
  saveDraft,
} from './drafts'
import { forgetDeviceData } from './forget-device-data'
import { outboxStore } from './outbox'

/** The drafts' publishing queued in the outbox: [thing, state, due at]. */
const publishing = async (userId = 'u1') =>
  (await outboxStore().pending(userId)).map((e) => [e.kind, e.thing, e.state, e.nextAttemptAt])

const values = { name: 'Garden flat by the park' } as DraftValues
const photo = (n: number) => ({ name: `p${n}.jpg`, blob: new Blob([`photo ${n}`], { type: 'image/jpeg' }) })

beforeEach(() => forgetDeviceData())

describe('a draft on the device', () => {
  it('keeps its photos as Blobs with fixed paths <user id>/<listing id>/<index>.jpg, waiting to publish', async () => {
    expect(await saveDraft({ id: 'l1', ownerId: 'u1', values, photos: [photo(0), photo(1)] }, 5)).toBeNull()
    const photos = await db.draftPhotos.where('draftId').equals('l1').sortBy('index')
    expect(photos.map((p) => p.path)).toEqual(['u1/l1/0.jpg', 'u1/l1/1.jpg'])
    expect(await photos[1]?.blob.text()).toBe('photo 1')
    expect(await db.drafts.get('l1')).toMatchObject({
      state: 'waiting',
      updatedAt: 5,
      progress: { step: 'geocode', uploaded: 0, total: 2 },
    })
    expect(draftPhotoPath('u', 'l', 3)).toBe('u/l/3.jpg')
    // Its publishing is queued with it, in the one outbox, under the listing.
    expect(await publishing()).toEqual([['listing.publish', 'listing:l1', 'waiting', 0]])
  })

  it('saved again replaces its photos and starts over; not while publishing, once published, or by someone else', async () => {
    await saveDraft({ id: 'l1', ownerId: 'u1', values, photos: [photo(0), photo(1)] }, 1)
    await db.drafts.update('l1', { state: 'needs-attention', reason: 'x', coordinates: { lat: 1, lng: 2 } })
    expect(await saveDraft({ id: 'l1', ownerId: 'u1', values, photos: [photo(9)] }, 2)).toBeNull()
    expect(await db.draftPhotos.count()).toBe(1)
    expect(await db.drafts.get('l1')).toMatchObject({ state: 'waiting', reason: null, coordinates: null })

    expect(await saveDraft({ id: 'l1', ownerId: 'u2', values, photos: [] }, 3)).toBe('not-yours')
    await db.drafts.update('l1', { state: 'publishing' })
    expect(await saveDraft({ id: 'l1', ownerId: 'u1', values, photos: [] }, 3)).toBe('publishing')
    await db.drafts.update('l1', { state: 'published' })
    expect(await saveDraft({ id: 'l1', ownerId: 'u1', values, photos: [] }, 3)).toBe('published')
  })

  it('is queued once per draft, in the order saved, each under its owner; saved again, it replaces its own', async () => {
    await saveDraft({ id: 'a', ownerId: 'u1', values, photos: [] }, 1)
    await saveDraft({ id: 'b', ownerId: 'u1', values, photos: [] }, 2)
    await saveDraft({ id: 'd', ownerId: 'u2', values, photos: [] }, 3)
    await saveDraft({ id: 'a', ownerId: 'u1', values, photos: [] }, 4)
    expect((await publishing()).map(([, thing]) => thing)).toEqual(['listing:b', 'listing:a'])
    expect((await publishing('u2')).map(([, thing]) => thing)).toEqual(['listing:d'])
  })

  it("'Publish now' / 'Retry' makes a waiting or refused draft due at once", async () => {
    await saveDraft({ id: 'a', ownerId: 'u1', values, photos: [] }, 1)
    await db.drafts.update('a', { state: 'needs-attention', reason: 'x' })
    const [queued] = await outboxStore().pending('u1')
    await outboxStore().update(queued?.seq ?? 0, { state: 'refused', reason: 'x', nextAttemptAt: 999 })
    await publishSoon('a', 10)
    expect(await db.drafts.get('a')).toMatchObject({ state: 'waiting', reason: null })
    expect(await publishing()).toEqual([['listing.publish', 'listing:a', 'waiting', 0]])
    // A published draft has nothing left to send.
    await db.drafts.update('a', { state: 'published' })
    await outboxStore().remove(queued?.seq ?? 0)
    await publishSoon('a', 11)
    expect(await publishing()).toEqual([])
  })

  it('is deleted with its photos and its publishing; published receipts are forgotten after a day', async () => {
    await saveDraft({ id: 'a', ownerId: 'u1', values, photos: [photo(0)] }, 1)
    await deleteDraft('a')
    expect(await db.drafts.count()).toBe(0)
    expect(await db.draftPhotos.count()).toBe(0)
    expect(await publishing()).toEqual([])

    await saveDraft({ id: 'b', ownerId: 'u1', values, photos: [] }, 1)
    await db.drafts.update('b', { state: 'published', updatedAt: 1 })
    expect(await prunePublished('u1', PUBLISHED_KEPT_MS)).toBe(0)
    expect(await prunePublished('u1', PUBLISHED_KEPT_MS + 2)).toBe(1)
  })

  it('forgetDeviceData (logout) forgets drafts, their photos and their publishing', async () => {
    await saveDraft({ id: 'a', ownerId: 'u1', values, photos: [photo(0)] }, 1)
    await forgetDeviceData()
    expect(await db.drafts.count()).toBe(0)
    expect(await db.draftPhotos.count()).toBe(0)
    expect(await db.outbox.count()).toBe(0)
  })
})
