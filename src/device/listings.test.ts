import 'fake-indexeddb/auto'
import { beforeEach, describe, expect, it } from 'vitest'
import { db } from '../lib/local-db'
import type { Listing } from '../types/listing'
import {
  mirrorListings,
  mirrorPage,
  readStoredListing,
  readStoredView,
  replaceListingsOf,
  searchStoredListings,
} from './listings'
import { toEntry } from './listings-merge'

const listing = (n: number, extra: Partial<Listing> = {}): Listing => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  type: n % 2 ? 'sale' : 'rent',
  name: `Listing ${n}`,
  bedrooms: 2,
  bathrooms: 1,
  parking: true,
  furnished: false,
  location: 'Leeds',
  offer: n % 3 === 0,
  regularPrice: 1200,
  discountedPrice: null,
  imageUrls: [`https://storage.example/${n}.jpg`],
  geolocation: { lat: 53.8, lng: -1.55 },
  createdAt: `2026-01-01T00:00:${String(59 - n).padStart(2, '0')}.000000+00:00`,
  updatedAt: '2026-01-01T00:00:00.000000+00:00',
  userRef: 'owner',
  ...extra,
})

beforeEach(async () => {
  await Promise.all(db.tables.map((table) => table.clear()))
})

describe('listings seen online are kept on the device', () => {
  it('a listing page seen online can be read back offline, newest version kept', async () => {
    await mirrorListings([listing(1, { name: 'Edited', updatedAt: '2026-05-01T00:00:00.000000+00:00' })])
    await mirrorListings([listing(1, { name: 'Stale answer' })])
    expect((await readStoredListing(listing(1).id))?.name).toBe('Edited')
  })

  it('a list view reads back in the order it was seen, page after page', async () => {
    const first = Array.from({ length: 10 }, (_, i) => listing(i))
    const second = Array.from({ length: 4 }, (_, i) => listing(10 + i))
    await mirrorPage('category:rent', { listings: first, hasMore: true }, null)
    await mirrorPage('category:rent', { listings: second, hasMore: false }, toEntry(listing(9)))
    const view = await readStoredView('category:rent')
    expect(view?.listings.map((l) => l.name)).toEqual([...first, ...second].map((l) => l.name))
    expect(view?.complete).toBe(true)
    expect(await readStoredView('offers')).toBeNull()
  })

  it('a list view read offline leaves out the homes whose time on the market has passed since', async () => {
    const gone = listing(2, { status: 'let', offMarketAt: '2026-01-02T00:00:00.000000+00:00' })
    const going = listing(4, { status: 'let', offMarketAt: '2999-01-01T00:00:00.000000+00:00' })
    await mirrorPage('category:rent', { listings: [gone, going, listing(6)], hasMore: false }, null)
    expect((await readStoredView('category:rent'))?.listings.map((l) => l.id)).toEqual([
      going.id,
      listing(6).id,
    ])
    // Its own page still opens from the device.
    expect((await readStoredListing(gone.id))?.status).toBe('let')
  })

  it('keeps the new status, price and reduction of a listing seen again', async () => {
    await mirrorListings([listing(1, { updatedAt: '2026-05-01T00:00:00.000000+00:00' })])
    const moved = listing(1, {
      status: 'under_offer',
      regularPrice: 1150,
      priceReducedAt: '2026-05-02T00:00:00.000000+00:00',
      priceReducedBy: 50,
      updatedAt: '2026-05-02T00:00:00.000000+00:00',
    })
    await mirrorListings([moved])
    expect(await readStoredListing(moved.id)).toMatchObject({
      status: 'under_offer',
      regularPrice: 1150,
      priceReducedBy: 50,
    })
  })

  it('keeps the property facts of a listing seen again, and reads a copy kept before them as none given', async () => {
    // A copy stored before the facts existed: none of their fields.
    await mirrorListings([listing(1)])
    const older = await readStoredListing(listing(1).id)
    expect(older).not.toBeNull()
    expect(older).not.toHaveProperty('epcRating')
    const facts: Partial<Listing> = {
      propertyType: 'flat',
      floorAreaM2: 62,
      epcRating: 'C',
      councilTaxBand: 'B',
      deposit: 1400,
      availableNow: true,
      petsConsidered: false,
    }
    await mirrorListings([listing(1, { ...facts, updatedAt: '2026-05-02T00:00:00.000000+00:00' })])
    expect(await readStoredListing(listing(1).id)).toMatchObject(facts)
  })

  it('records when data last came from the server, for the offline banner', async () => {
    const before = Date.now()
    await mirrorPage('recommended', { listings: [listing(1)], hasMore: false }, null)
    const stamp = (await db.meta.get('lastFetchedAt'))?.value as number
    expect(stamp).toBeGreaterThanOrEqual(before)
  })

  it("keeps the owner's list as the server has it, forgetting what the server no longer lists", async () => {
    await mirrorListings([listing(1, { userRef: 'me' }), listing(2, { userRef: 'me' }), listing(3)])
    await replaceListingsOf('me', [listing(2, { userRef: 'me', name: 'Renamed' })])
    expect(await readStoredListing(listing(1).id)).toBeNull()
    expect((await readStoredListing(listing(2).id))?.name).toBe('Renamed')
    expect(await readStoredListing(listing(3).id)).not.toBeNull()
  })
})

describe('searching the listings kept on the device', () => {
  it('runs the search rules over stored listings of the type asked, in the sort asked', async () => {
    await mirrorListings([
      listing(1, { regularPrice: 900, location: 'Hackney, London' }),
      listing(2, { regularPrice: 700, location: 'Hackney, London' }),
      listing(3, { regularPrice: 800, location: 'Hackney, London' }),
      listing(4, { regularPrice: 500, location: 'Leeds' }),
      listing(6, { regularPrice: 600, location: 'Hackney, London' }),
    ])
    const found = await searchStoredListings({ type: 'rent', q: 'hackn', sort: 'price-asc' })
    expect(found.map((home) => home.id)).toEqual([listing(6).id, listing(2).id])
    expect(await searchStoredListings({ q: 'nowhere' })).toEqual([])
  })
})
