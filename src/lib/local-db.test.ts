import 'fake-indexeddb/auto'
import { Dexie } from 'dexie'
import { expect, it } from 'vitest'
import { RoostDb } from './local-db'

it('a draft kept before descriptions existed opens with an empty description', async () => {
  // The schema as version 2 shipped it, with a draft written then.
  const shipped = new Dexie('roost-upgrade')
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
  await shipped.table('drafts').put({ id: 'd1', ownerId: 'u1', values: { name: 'Garden flat by the park' } })
  shipped.close()

  const upgraded = new RoostDb('roost-upgrade')
  const draft = await upgraded.drafts.get('d1')
  expect(draft?.values).toEqual({ name: 'Garden flat by the park', description: '' })
  // Every later version applies on top: saved searches and the outbox (4), conversations seen (5), price
  // histories (7).
  expect(upgraded.verno).toBe(7)
  expect(upgraded.tables.map((table) => table.name)).toEqual(
    expect.arrayContaining(['savedSearches', 'outbox', 'messagesSeen', 'priceHistory']),
  )
  upgraded.close()
})
