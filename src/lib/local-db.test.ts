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
  // histories (7), drafts' publishing in the outbox (8).
  expect(upgraded.verno).toBe(8)
  expect(upgraded.tables.map((table) => table.name)).toEqual(
    expect.arrayContaining(['savedSearches', 'outbox', 'messagesSeen', 'priceHistory']),
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
