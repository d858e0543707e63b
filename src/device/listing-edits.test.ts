import 'fake-indexeddb/auto'
import { beforeEach, describe, expect, it } from 'vitest'
import { db } from '../lib/local-db'
import { aListing } from '../testing/listing-factory'
import { editFieldsOf } from '../utils/listing-fields'
import { forgetDeviceData } from './forget-device-data'
import {
  dropEdits,
  editPhotoBlob,
  editPhotoPath,
  editsOf,
  pendingView,
  queueListingEdit,
  readEditToSend,
} from './listing-edits'
import { changeNextOfThing, outboxStore, resendWith } from './outbox'

const seen = aListing(1, {
  version: 7,
  status: 'available',
  imageUrls: ['https://x/a.jpg', 'https://x/b.jpg'],
})
const fields = editFieldsOf(seen)
const pending = async () => outboxStore().pending('u1')
const photo = {
  photoId: 'p1',
  name: 'new.jpg',
  blob: new Blob(['jpeg']),
  path: editPhotoPath('u1', seen.id, 'p1'),
}

beforeEach(() => forgetDeviceData())

describe('an edit queued on the device', () => {
  it('is one outbox entry of kind listing.edit, about its listing, with the version it started from', async () => {
    const queued = await queueListingEdit({
      userId: 'u1',
      seen,
      queued: [],
      fields: { ...fields, name: 'A brand new name', status: 'let' },
      photos: null,
      newPhotos: [],
      locate: false,
    })
    expect(queued).toBe(true)
    const [entry] = await pending()
    expect(entry).toMatchObject({ kind: 'listing.edit', thing: `listing:${seen.id}`, state: 'waiting' })
    expect(entry?.payload).toMatchObject({
      listingId: seen.id,
      version: 7,
      chained: false,
      changes: { name: 'A brand new name', status: 'let' },
      photos: null,
    })
  })

  it('keeps new photos as Blobs with the entry, at a fixed path of their own, until the edit uploads them', async () => {
    const photos = [{ url: 'https://x/b.jpg' }, { photoId: 'p1', name: 'new.jpg', path: photo.path }]
    await queueListingEdit({
      userId: 'u1',
      seen,
      queued: [],
      fields,
      photos,
      newPhotos: [photo],
      locate: false,
    })
    expect(photo.path).toBe(`u1/${seen.id}/p1.jpg`)
    expect(await (await editPhotoBlob('p1'))?.text()).toBe('jpeg')
    const entries = editsOf(await pending(), seen.id)
    // The sender reads the edit and its photo's Blob together.
    const [queued] = entries
    if (!queued) throw new Error('no edit queued')
    expect(await (await readEditToSend(queued)).blobs.get('p1')?.text()).toBe('jpeg')
    expect(entries[0]?.payload.photos).toEqual(photos)
    // Given up: the entry and the photos only it carried go.
    await dropEdits(entries)
    expect(await pending()).toEqual([])
    expect(await editPhotoBlob('p1')).toBeNull()
  })

  it('a second edit starts from the first (laid over the listing) and follows it', async () => {
    await queueListingEdit({
      userId: 'u1',
      seen,
      queued: [],
      fields: { ...fields, regular_price: 900 },
      photos: null,
      newPhotos: [],
      locate: false,
    })
    const first = editsOf(await pending(), seen.id)
    expect(pendingView(seen, first).fields.regular_price).toBe(900)
    await queueListingEdit({
      userId: 'u1',
      seen,
      queued: first,
      fields: { ...fields, regular_price: 900, status: 'let_agreed' },
      photos: null,
      newPhotos: [],
      locate: false,
    })
    const both = editsOf(await pending(), seen.id)
    expect(both.map((entry) => entry.payload.changes)).toEqual([
      { regular_price: 900 },
      { status: 'let_agreed' },
    ])
    expect(both[1]?.payload.chained).toBe(true)

    // Once the first is sent, the one after it takes the version the server left.
    const [one, two] = both
    await changeNextOfThing('u1', `listing:${seen.id}`, one?.seq ?? 0, (next) =>
      next.kind === 'listing.edit'
        ? { ...next, payload: { ...next.payload, chained: false, version: 8 } }
        : next,
    )
    if (!two) throw new Error('no second edit')
    expect((await readEditToSend(two)).edit).toMatchObject({ chained: false, version: 8 })
  })

  it('nothing changed, or a copy without a version, queues nothing', async () => {
    const base = { userId: 'u1', queued: [], photos: null, newPhotos: [], locate: false }
    expect(await queueListingEdit({ ...base, seen, fields })).toBe(false)
    const old = aListing(2)
    expect(
      await queueListingEdit({ ...base, seen: old, fields: { ...editFieldsOf(old), name: 'Other name!' } }),
    ).toBe(false)
    expect(await pending()).toEqual([])
  })

  it('a refused edit is sent again with what the person settled on', async () => {
    await queueListingEdit({
      userId: 'u1',
      seen,
      queued: [],
      fields: { ...fields, bedrooms: 4 },
      photos: null,
      newPhotos: [],
      locate: false,
    })
    const [entry] = editsOf(await pending(), seen.id)
    await db.outbox.update(entry?.seq ?? 0, {
      state: 'refused',
      reason: 'listing_version_conflict',
      attempts: 1,
    })
    if (!entry) throw new Error('no edit queued')
    const settled = { ...entry.payload, version: 9 }
    expect(await resendWith({ ...entry, payload: settled })).toBe(true)
    expect((await pending())[0]).toMatchObject({
      state: 'waiting',
      reason: null,
      attempts: 0,
      payload: settled,
    })
  })
})
