import 'fake-indexeddb/auto'
import { beforeEach, describe, expect, it } from 'vitest'
import { db } from '../lib/local-db'
import type { Listing } from '../types/listing'
import { forgetDeviceData } from './forget-device-data'
import { toggleSaved } from './saved'

const home: Listing = {
  id: '00000000-0000-4000-8000-000000000001',
  type: 'rent',
  name: 'Garden flat',
  bedrooms: 2,
  bathrooms: 1,
  parking: false,
  furnished: true,
  location: 'York',
  offer: false,
  regularPrice: 950,
  discountedPrice: null,
  imageUrls: [],
  geolocation: { lat: 51.5, lng: -0.1 },
  createdAt: '2026-01-01T00:00:00.000000+00:00',
  updatedAt: '2026-01-01T00:00:00.000000+00:00',
  userRef: 'owner',
}

beforeEach(() => forgetDeviceData())

describe('saving a home on the device', () => {
  it("keeps a visitor's save on the device only, with the listing to show offline", async () => {
    expect(await toggleSaved(home, null)).toBe(true)
    expect(await db.saved.get(home.id)).toBeDefined()
    expect((await db.listings.get(home.id))?.name).toBe('Garden flat')
    expect(await db.savedOps.count()).toBe(0)
  })

  it("queues a signed-in user's save and unsave, in order, for the server", async () => {
    await toggleSaved(home, 'user-1')
    expect(await toggleSaved(home, 'user-1')).toBe(false)
    expect(await db.saved.get(home.id)).toBeUndefined()
    const ops = await db.savedOps.orderBy('seq').toArray()
    expect(ops.map((op) => [op.userId, op.kind])).toEqual([
      ['user-1', 'save'],
      ['user-1', 'unsave'],
    ])
  })

  it('forgetDeviceData forgets saves, pending ops and listings (for sign-out)', async () => {
    await toggleSaved(home, 'user-1')
    await forgetDeviceData()
    expect(await db.saved.count()).toBe(0)
    expect(await db.savedOps.count()).toBe(0)
    expect(await db.listings.count()).toBe(0)
  })
})
