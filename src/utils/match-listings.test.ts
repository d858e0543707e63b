import { describe, expect, it } from 'vitest'
import { aListing } from '../testing/listing-factory'
import { isOnMarket, matchesSearch, searchListings, searchWords } from './match-listings'

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

  it('finds any part of a word in the location, name or description, whatever the case', () => {
    expect(matchesSearch(flat, { q: 'hackn' })).toBe(true)
    expect(matchesSearch(flat, { q: 'PARK flat' })).toBe(true)
    expect(matchesSearch(described, { q: 'courtyard' })).toBe(true)
    expect(matchesSearch(flat, { q: 'courtyard' })).toBe(false)
    expect(matchesSearch(flat, { q: 'hackney leeds' })).toBe(false)
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
    expect(searchListings([gone, going], {}, now).map((listing) => listing.id)).toEqual([going.id])
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

describe('searchWords', () => {
  it('splits the text into lower-case words, once each', () => {
    expect(searchWords('  Hackney  hackney Flat ')).toEqual(['hackney', 'flat'])
    expect(searchWords(undefined)).toEqual([])
  })

  it('removes wildcards and PostgREST syntax so a word means itself', () => {
    expect(searchWords('50%_off* a\\b (garden), %')).toEqual(['50off', 'ab', 'garden'])
  })
})
