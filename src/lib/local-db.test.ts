import 'fake-indexeddb/auto'
import { Dexie } from 'dexie'
import { expect, it } from 'vitest'
import { RoostDb } from './local-db'

/** A device database with the schema's versions 1 and 2 as they shipped; a test adds the later ones it needs. */
function shippedUpToVersion2(name: string): Dexie {
  const shipped = new Dexie(name)
  shipped.version(1).stores({
    listings: 'id, [type+createdAt], createdAt, userRef, seenAt',
    views: 'key',
    saved: 'listingId, savedAt',
    savedOps: '++seq, listingId, userId',
    meta: 'key',
  })
  shipped
    .version(2)
    .stores({ drafts: 'id, ownerId, state, updatedAt', draftPhotos: '[draftId+index], draftId' })
  return shipped
}

it('a draft kept before descriptions existed opens with an empty description', async () => {
  // The schema as version 2 shipped it, with a draft written then.
  const shipped = shippedUpToVersion2('roost-upgrade')
  await shipped.table('drafts').put({ id: 'd1', ownerId: 'u1', values: { name: 'Garden flat by the park' } })
  shipped.close()

  const upgraded = new RoostDb('roost-upgrade')
  const draft = await upgraded.drafts.get('d1')
  expect(draft?.values).toEqual({ name: 'Garden flat by the park', description: '' })
  // Every later version applies on top: saved searches and the outbox (4), conversations seen (5), price
  // histories (7), drafts' publishing in the outbox (8), edits' photos in their own table (9), viewings (10),
  // notes and the shared shortlist (11).
  expect(upgraded.verno).toBe(11)
  expect(upgraded.tables.map((table) => table.name)).toEqual(
    expect.arrayContaining([
      'savedSearches',
      'outbox',
      'messagesSeen',
      'priceHistory',
      'viewings',
      'shortlists',
    ]),
  )
  upgraded.close()
})

it('drafts kept before publishing was an outbox kind are queued in the outbox; one needing attention stays refused', async () => {
  // The schema as version 7 shipped it (versions 1–5 and 7), with drafts written then.
  const shipped = shippedUpToVersion2('roost-upgrade-8')
  shipped.version(3).stores({})
  shipped.version(4).stores({ savedSearches: 'id, userId', outbox: '++seq, userId, thing' })
  shipped.version(5).stores({ messagesSeen: 'key, userId' })
  shipped.version(7).stores({ priceHistory: 'listingId' })
  const draft = (id: string, state: string, updatedAt: number, reason: string | null = null) => ({
    id,
    ownerId: 'u1',
    values: { name: id, description: '' },
    state,
    progress: { step: 'geocode', uploaded: 0, total: 0 },
    coordinates: null,
    reason,
    attempts: 2,
    nextAttemptAt: 5,
    updatedAt,
  })
  await shipped
    .table('drafts')
    .bulkPut([
      draft('later', 'waiting', 30),
      draft('refused', 'needs-attention', 20, 'Please enter a correct address'),
      draft('cut-off', 'publishing', 10),
      draft('done', 'published', 5),
    ])
  await shipped.table('outbox').add({
    id: 'c1',
    userId: 'u1',
    kind: 'saved-search.create',
    thing: 's1',
    payload: {},
    state: 'waiting',
    attempts: 0,
    nextAttemptAt: 0,
    reason: null,
    queuedAt: 1,
  })
  shipped.close()

  const upgraded = new RoostDb('roost-upgrade-8')
  const entries = await upgraded.outbox.orderBy('seq').toArray()
  expect(entries.map((e) => [e.kind, e.thing, e.state, e.reason, e.payload])).toEqual([
    ['saved-search.create', 's1', 'waiting', null, {}],
    ['listing.publish', 'listing:cut-off', 'waiting', null, { draftId: 'cut-off' }],
    [
      'listing.publish',
      'listing:refused',
      'refused',
      'Please enter a correct address',
      { draftId: 'refused' },
    ],
    ['listing.publish', 'listing:later', 'waiting', null, { draftId: 'later' }],
  ])
  expect(entries.every((e) => e.userId === 'u1')).toBe(true)
  upgraded.close()
})

/** Each shipped version's schema change, in order (6 never shipped): a database opened at `n` declares those up to n. */
const SHIPPED: [number, Record<string, string>][] = [
  [
    1,
    {
      listings: 'id, [type+createdAt], createdAt, userRef, seenAt',
      views: 'key',
      saved: 'listingId, savedAt',
      savedOps: '++seq, listingId, userId',
      meta: 'key',
    },
  ],
  [2, { drafts: 'id, ownerId, state, updatedAt', draftPhotos: '[draftId+index], draftId' }],
  [3, {}],
  [4, { savedSearches: 'id, userId', outbox: '++seq, userId, thing' }],
  [5, { messagesSeen: 'key, userId' }],
  [7, { priceHistory: 'listingId' }],
  [8, {}],
  [9, { listingEditPhotos: 'photoId' }],
  [10, { viewings: 'id, userId, startsAt' }],
]

/** A database as version `at` shipped it, with a row in every table it had, and an edit's photo where it could be kept. */
async function shippedWithData(name: string, at: number): Promise<void> {
  const shipped = new Dexie(name)
  for (const [version, stores] of SHIPPED) if (version <= at) shipped.version(version).stores(stores)
  await shipped.open()
  const has = (table: string) => shipped.tables.some((t) => t.name === table)
  await shipped.table('listings').put({ id: 'l1', type: 'rent', createdAt: 'c', userRef: 'u1', seenAt: 1 })
  await shipped
    .table('views')
    .put({ key: 'recommended', entries: [{ id: 'l1', createdAt: 'c' }], complete: true })
  await shipped.table('saved').put({ listingId: 'l1', savedAt: 1 })
  await shipped.table('savedOps').add({ userId: 'u1', listingId: 'l1', kind: 'save', queuedAt: 1 })
  await shipped.table('meta').put({ key: 'k', value: 1 })
  if (has('drafts')) {
    await shipped.table('drafts').put({
      id: 'd1',
      ownerId: 'u1',
      values: { name: 'Garden flat', description: 'By the park' },
      state: 'waiting',
      progress: { step: 'geocode', uploaded: 0, total: 1 },
      coordinates: null,
      reason: null,
      updatedAt: 1,
    })
    const photo = (draftId: string, path: string) => ({
      draftId,
      index: 0,
      name: 'a.jpg',
      blob: new Blob([path], { type: 'image/jpeg' }),
      path,
      uploaded: false,
    })
    await shipped.table('draftPhotos').put(photo('d1', 'u1/d1/0.jpg'))
    // Before version 9 an edit's photo was kept among the drafts' photos; from 9 in its own table.
    const editPhoto = photo('photo:p1', 'u1/l1/p1.jpg')
    if (at >= 9)
      await shipped.table('listingEditPhotos').put({
        photoId: 'p1',
        name: editPhoto.name,
        blob: editPhoto.blob,
        path: editPhoto.path,
      })
    else await shipped.table('draftPhotos').put(editPhoto)
  }
  if (has('outbox')) {
    await shipped.table('savedSearches').put({ id: 's1', userId: 'u1', name: 'Flats' })
    await shipped.table('outbox').add({
      id: 'c1',
      userId: 'u1',
      kind: 'listing.edit',
      thing: 'listing:l1',
      payload: { listingId: 'l1', photos: [{ photoId: 'p1', name: 'a.jpg', path: 'u1/l1/p1.jpg' }] },
      state: 'waiting',
      attempts: 0,
      nextAttemptAt: 0,
      reason: null,
      queuedAt: 1,
    })
  }
  // From version 8 on the app queued a draft's publishing with it.
  if (at >= 8) {
    await shipped.table('outbox').add({
      id: 'c2',
      userId: 'u1',
      kind: 'listing.publish',
      thing: 'listing:d1',
      payload: { draftId: 'd1' },
      state: 'waiting',
      attempts: 0,
      nextAttemptAt: 0,
      reason: null,
      queuedAt: 1,
    })
  }
  if (has('messagesSeen'))
    await shipped.table('messagesSeen').put({ key: 'm', userId: 'u1', value: 1, savedAt: 1 })
  if (has('priceHistory'))
    await shipped.table('priceHistory').put({ listingId: 'l1', changes: [], fetchedAt: 1 })
  if (has('viewings')) await shipped.table('viewings').put({ id: 'v1', userId: 'u1', startsAt: 's' })
  shipped.close()
}

it.each(SHIPPED.map(([version]) => version))(
  'a database of version %i upgrades to the latest with nothing lost, edits’ photos in their own table',
  async (at) => {
    const name = `roost-from-${at}`
    await shippedWithData(name, at)
    const db = new RoostDb(name)
    expect(db.verno).toBe(11)
    expect(await db.listings.get('l1')).toMatchObject({ userRef: 'u1' })
    expect(await db.views.get('recommended')).toMatchObject({ complete: true })
    expect(await db.saved.count()).toBe(1)
    expect(await db.savedOps.count()).toBe(1)
    expect(await db.meta.get('k')).toEqual({ key: 'k', value: 1 })
    if (at >= 2) {
      expect(await db.drafts.get('d1')).toMatchObject({
        values: { name: 'Garden flat', description: 'By the park' },
      })
      // The draft's own photo stays with it; the edit's moves, its Blob intact.
      const draftPhotos = await db.draftPhotos.toArray()
      expect(draftPhotos.map((photo) => photo.draftId)).toEqual(['d1'])
      const moved = await db.listingEditPhotos.get('p1')
      expect(moved).toMatchObject({ photoId: 'p1', name: 'a.jpg', path: 'u1/l1/p1.jpg' })
      expect(await moved?.blob.text()).toBe('u1/l1/p1.jpg')
      // The draft not yet published is queued once (version 8's upgrade, or the app from 8 on), beside the edit.
      const kinds = (await db.outbox.toArray()).map((entry) => `${entry.kind} ${entry.thing}`)
      expect(kinds.sort()).toEqual([
        ...(at >= 4 ? ['listing.edit listing:l1'] : []),
        'listing.publish listing:d1',
      ])
    }
    if (at >= 4) expect(await db.savedSearches.get('s1')).toMatchObject({ name: 'Flats' })
    if (at >= 5) expect(await db.messagesSeen.get('m')).toMatchObject({ userId: 'u1' })
    if (at >= 7) expect(await db.priceHistory.get('l1')).toMatchObject({ changes: [] })
    if (at >= 10) expect(await db.viewings.get('v1')).toMatchObject({ userId: 'u1' })
    // Version 11's table starts empty and takes a person's notes and shortlist.
    expect(await db.shortlists.count()).toBe(0)
    await db.shortlists.put({
      userId: 'u1',
      shortlistId: null,
      members: [],
      homes: [],
      notes: [],
      invitation: null,
      fetchedAt: 0,
    })
    expect(await db.shortlists.get('u1')).toMatchObject({ userId: 'u1' })
    db.close()
  },
)
