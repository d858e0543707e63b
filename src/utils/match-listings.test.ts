import { describe, expect, it } from 'vitest'
import { aListing } from '../testing/listing-factory'
import { encodeArea } from './area'
import { matchesSearch, milesBetween, searchListings } from './match-listings'
import { isOnMarket } from './on-market'

describe('matchesSearch: the database rules on the device', () => {
  const flat = aListing(1, {
    type: 'rent',
    name: 'Bright flat by the park',
    location: '12 Mare Street, Hackney, London',
    bedrooms: 2,
    bathrooms: 1,
    parking: true,
    offer: true,
    regularPrice: 1800,
    discountedPrice: 1500,
    geolocation: { lat: 51.54, lng: -0.06 },
  })
  const described = { ...flat, description: 'A quiet courtyard garden and a south-facing balcony.' }

  it('finds keywords as whole words or their starts, any case and accents, every one, in the location, name or description', () => {
    expect(matchesSearch(flat, { keywords: 'hackn' })).toBe(true)
    expect(matchesSearch(flat, { keywords: 'PARK flat' })).toBe(true)
    expect(matchesSearch(described, { keywords: 'courtyard gard' })).toBe(true)
    expect(matchesSearch(flat, { keywords: 'courtyard' })).toBe(false)
    expect(matchesSearch(flat, { keywords: 'ackney' })).toBe(false)
    expect(matchesSearch({ ...flat, description: 'By the café' }, { keywords: 'CAFE' })).toBe(true)
    expect(matchesSearch(flat, { keywords: 'hackney leeds' })).toBe(false)
    expect(matchesSearch(flat, { keywords: '!!' })).toBe(true)
  })

  it("finds a place by the listing's places, and a radius by great-circle miles from its centre", () => {
    const inHackney = { ...flat, placeIds: [2647694, 2643743] }
    expect(matchesSearch(inHackney, { place: 2643743 })).toBe(true)
    expect(matchesSearch(inHackney, { place: 2647694 })).toBe(true)
    expect(matchesSearch(flat, { place: 2643743 })).toBe(false)
    // 51.54,-0.06 is 1.2 miles from 51.525,-0.04 (haversine, 3,958.8 miles).
    const centre = { lat: 51.525, lng: -0.04 }
    const miles = milesBetween(centre.lat, centre.lng, 51.54, -0.06)
    expect(miles).toBeGreaterThan(1)
    expect(miles).toBeLessThan(3)
    expect(matchesSearch(flat, { place: 1, radius: '3' }, centre)).toBe(true)
    expect(matchesSearch(flat, { place: 1, radius: '1' }, centre)).toBe(false)
    expect(matchesSearch(flat, { place: 1, radius: '3' })).toBe(false)
  })

  it("finds a drawn area by PostgreSQL's point-in-polygon rule, its edges included", () => {
    const square = encodeArea([
      { lat: 51.5, lng: -0.1 },
      { lat: 51.6, lng: -0.1 },
      { lat: 51.6, lng: 0 },
      { lat: 51.5, lng: 0 },
    ])
    expect(matchesSearch(flat, { area: square })).toBe(true)
    expect(matchesSearch({ ...flat, geolocation: { lat: 51.55, lng: 0 } }, { area: square })).toBe(true)
    expect(matchesSearch({ ...flat, geolocation: { lat: 51.55, lng: 0.0000005 } }, { area: square })).toBe(
      true,
    )
    expect(matchesSearch({ ...flat, geolocation: { lat: 51.55, lng: 0.00001 } }, { area: square })).toBe(
      false,
    )
    expect(matchesSearch({ ...flat, geolocation: { lat: 51.7, lng: -0.06 } }, { area: square })).toBe(false)
  })

  it('filters on the price a person pays: the discounted one on offer', () => {
    expect(matchesSearch(flat, { maxPrice: 1500 })).toBe(true)
    expect(matchesSearch(flat, { minPrice: 1600 })).toBe(false)
  })

  it('filters on type, rooms and flags', () => {
    expect(matchesSearch(flat, { type: 'rent', minBeds: 2, minBaths: 1, parking: true, offer: true })).toBe(
      true,
    )
    expect(matchesSearch(flat, { type: 'sale' })).toBe(false)
    expect(matchesSearch(flat, { minBeds: 3 })).toBe(false)
    expect(matchesSearch(flat, { minBaths: 2 })).toBe(false)
    expect(matchesSearch(flat, { furnished: true })).toBe(false)
  })

  it('keeps to the map area', () => {
    expect(matchesSearch(flat, { bbox: '-0.1,51.5,0,51.6' })).toBe(true)
    expect(matchesSearch(flat, { bbox: '0,51.5,0.1,51.6' })).toBe(false)
  })
})

describe('matchesSearch: the market statuses', () => {
  const statuses = ['available', 'under_offer', 'sold_stc', 'sold', 'let_agreed', 'let'] as const

  it('includes every status by default, and only available homes (or copies from before statuses) when under offer is off', () => {
    for (const status of statuses) {
      const home = aListing(1, { status })
      expect(matchesSearch(home, {})).toBe(true)
      expect(matchesSearch(home, { underOffer: false })).toBe(status === 'available')
    }
    expect(matchesSearch(aListing(1), { underOffer: false })).toBe(true)
  })
})

describe('isOnMarket: public.market_listings on the device', () => {
  const now = Date.parse('2026-11-25T12:00:00Z')
  it('keeps a home until its off-market time has come', () => {
    expect(isOnMarket(aListing(1), now)).toBe(true)
    expect(isOnMarket(aListing(1, { offMarketAt: null }), now)).toBe(true)
    expect(isOnMarket(aListing(1, { offMarketAt: '2026-11-25T12:00:01+00:00' }), now)).toBe(true)
    expect(isOnMarket(aListing(1, { offMarketAt: '2026-11-25T12:00:00+00:00' }), now)).toBe(false)
  })

  it('leaves homes off the market out of a device search', () => {
    const gone = aListing(1, { status: 'let', offMarketAt: '2026-11-01T00:00:00+00:00' })
    const going = aListing(2, { status: 'let', offMarketAt: '2026-12-01T00:00:00+00:00' })
    expect(searchListings([gone, going], {}, null, now).map((listing) => listing.id)).toEqual([going.id])
  })
})

describe('searchListings: the database order on the device', () => {
  const cheapOffer = aListing(3, { offer: true, regularPrice: 2000, discountedPrice: 700 })
  const tieA = aListing(1, { regularPrice: 900 })
  const tieB = aListing(2, { regularPrice: 900 })
  const dear = aListing(4, { regularPrice: 3000, type: 'sale' })
  const all = [tieB, dear, cheapOffer, tieA]
  const ids = (listings: { id: string }[]) => listings.map((listing) => listing.id)

  it('sorts newest first by default, by creation time then id', () => {
    expect(ids(searchListings(all, {}))).toEqual(ids([tieA, tieB, cheapOffer, dear]))
  })

  it('sorts by the price a person pays, ties by id in the same direction', () => {
    expect(ids(searchListings(all, { sort: 'price-asc' }))).toEqual(ids([cheapOffer, tieA, tieB, dear]))
    expect(ids(searchListings(all, { sort: 'price-desc' }))).toEqual(ids([dear, tieB, tieA, cheapOffer]))
  })

  it('sorts Recently reduced by the reduction time, newest first, never-reduced last, ties by id descending', () => {
    const early = aListing(5, { priceReducedAt: '2026-11-01T10:00:00.000000+00:00' })
    const late = aListing(6, { priceReducedAt: '2026-11-03T10:00:00.000000+00:00' })
    const lateToo = aListing(7, { priceReducedAt: '2026-11-03T10:00:00.000000+00:00' })
    const never = aListing(8, { priceReducedAt: null })
    expect(ids(searchListings([never, early, tieA, late, lateToo, tieB], { sort: 'reduced' }))).toEqual(
      ids([lateToo, late, early, never, tieB, tieA]),
    )
  })

  it('filters before sorting', () => {
    expect(ids(searchListings(all, { type: 'sale', sort: 'price-asc' }))).toEqual(ids([dear]))
  })
})

describe('matchesSearch: the property facts filters', () => {
  const rent = aListing(7, {
    type: 'rent',
    propertyType: 'flat',
    floorAreaM2: 62.5,
    epcRating: 'C',
    petsConsidered: true,
    billsIncluded: false,
    availableNow: false,
    availableFrom: '2027-03-01',
  })
  const sale = aListing(8, { type: 'sale', propertyType: 'detached', floorAreaM2: 140, epcRating: 'exempt' })
  const bare = aListing(9, { type: 'rent' })

  it('finds homes of any of the property types asked for', () => {
    expect(matchesSearch(rent, { propertyType: 'flat' })).toBe(true)
    expect(matchesSearch(rent, { propertyType: 'flat,studio' })).toBe(true)
    expect(matchesSearch(rent, { propertyType: 'maisonette,studio' })).toBe(false)
    expect(matchesSearch(bare, { propertyType: 'flat' })).toBe(false)
  })

  it('finds homes of at least the floor area, and a home without one never', () => {
    expect(matchesSearch(rent, { minArea: 62 })).toBe(true)
    expect(matchesSearch(rent, { minArea: 63 })).toBe(false)
    expect(matchesSearch(bare, { minArea: 1 })).toBe(false)
  })

  it('finds an EPC of the letter or better; an exempt home or one without a rating matches no EPC filter', () => {
    expect(matchesSearch(rent, { epc: 'C' })).toBe(true)
    expect(matchesSearch(rent, { epc: 'G' })).toBe(true)
    expect(matchesSearch(rent, { epc: 'B' })).toBe(false)
    expect(matchesSearch(sale, { epc: 'G' })).toBe(false)
    expect(matchesSearch(bare, { epc: 'G' })).toBe(false)
  })

  it('finds rent homes with pets considered, bills included, available now or by the date', () => {
    expect(matchesSearch(rent, { type: 'rent', pets: true })).toBe(true)
    expect(matchesSearch(rent, { type: 'rent', bills: true })).toBe(false)
    expect(matchesSearch(rent, { type: 'rent', availableBy: '2027-03-01' })).toBe(true)
    expect(matchesSearch(rent, { type: 'rent', availableBy: '2027-02-28' })).toBe(false)
    const now = { ...rent, availableNow: true, availableFrom: null }
    expect(matchesSearch(now, { type: 'rent', availableBy: '2020-01-01' })).toBe(true)
    expect(matchesSearch(bare, { type: 'rent', availableBy: '2099-01-01' })).toBe(false)
    expect(matchesSearch(bare, { type: 'rent', pets: true })).toBe(false)
  })
})
