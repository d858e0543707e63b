import { describe, expect, it } from 'vitest'
import {
  clipName,
  MAX_NAME_LENGTH,
  sameSavedParams,
  savedSearchName,
  savedSearchSummary,
  toSavedParams,
} from './search-name'

describe('a saved search’s name', () => {
  it('is built from its filters, in the order people say them', () => {
    expect(savedSearchName({ type: 'rent', q: 'Hackney', minBeds: 2, maxPrice: 2000 })).toBe(
      'Rent · Hackney · 2+ beds · up to £2,000',
    )
    expect(
      savedSearchName({ type: 'sale', minPrice: 250000, maxPrice: 500000, minBaths: 1, parking: true }),
    ).toBe('Sale · 1+ bath · £250,000–£500,000 · Parking')
    expect(
      savedSearchName({ minBeds: 1, minPrice: 500, furnished: true, offer: true, bbox: '-1,50,1,52' }),
    ).toBe('1+ bed · from £500 · Furnished · Offers · Map area')
    expect(savedSearchName({})).toBe('All homes')
  })

  it('names a place with its label and radius, keywords and a drawn area', () => {
    expect(savedSearchName({ place: 2647694, radius: '1' }, 'Hackney, London')).toBe(
      'Homes in Hackney, London within 1 mile',
    )
    expect(savedSearchName({ type: 'rent', place: 2647694, radius: '0.25' }, 'Hackney, London')).toBe(
      'Rent · Hackney, London within ¼ mile',
    )
    expect(savedSearchName({ place: 2633352 }, 'York, England')).toBe('Homes in York, England')
    expect(
      savedSearchName({ type: 'sale', keywords: 'garden loft', area: '_p~iF~ps|U_ulLnnqC_mqNvxq`@' }),
    ).toBe('Sale · garden loft · Drawn area')
    expect(savedSearchSummary({ place: 2647694, radius: '40', sort: 'price-asc' }, 'Hackney, London')).toBe(
      'Homes in Hackney, London within 40 miles · lowest price first',
    )
  })

  it('is cut at a word to fit the database’s 80 characters', () => {
    const long = savedSearchName({ q: 'word '.repeat(30).trim(), type: 'rent' })
    expect(long.length).toBeLessThanOrEqual(MAX_NAME_LENGTH)
    expect(long.endsWith('word…')).toBe(true)
    expect(clipName('  Two   spaces  ')).toBe('Two spaces')
  })

  it('has a one-line summary that also says the order', () => {
    expect(savedSearchSummary({ type: 'rent', q: 'Hackney', sort: 'price-asc' })).toBe(
      'Rent · Hackney · lowest price first',
    )
    expect(savedSearchSummary({})).toBe('All homes · newest first')
    expect(savedSearchSummary({ type: 'sale', sort: 'reduced' })).toBe('Sale · recently reduced first')
  })

  it('names a search without homes under offer', () => {
    expect(savedSearchName({ type: 'rent', underOffer: false })).toBe('Rent · Available only')
    expect(toSavedParams({ underOffer: 'false', sort: 'reduced' })).toEqual({
      underOffer: false,
      sort: 'reduced',
    })
  })
})

describe('a saved search’s parameters', () => {
  it('are the search as /search reads it: parsed, defaults and the view left out', () => {
    expect(
      toSavedParams({
        q: ' Hackney ',
        type: 'rent',
        minBeds: '2',
        sort: 'newest',
        view: 'map',
        offer: 'true',
        x: 1,
      }),
    ).toEqual({ q: 'Hackney', type: 'rent', minBeds: 2, offer: true })
  })
})

describe('sameSavedParams', () => {
  it('is the same search whatever the order of its keys, and not when a value differs', () => {
    expect(
      sameSavedParams({ type: 'rent', q: 'Leeds', minBeds: 2 }, { minBeds: 2, q: 'Leeds', type: 'rent' }),
    ).toBe(true)
    expect(sameSavedParams({ type: 'rent', q: 'Leeds' }, { type: 'rent', q: 'Leeds', view: 'map' })).toBe(
      true,
    )
    expect(sameSavedParams({ type: 'rent', q: 'Leeds' }, { type: 'sale', q: 'Leeds' })).toBe(false)
    expect(sameSavedParams({}, { parking: true })).toBe(false)
  })
})

describe('a saved search’s name with the property facts filters', () => {
  it('says the property types, floor area, EPC and rent filters', () => {
    expect(
      savedSearchName({
        type: 'rent',
        propertyType: 'flat,maisonette',
        minArea: 60,
        epc: 'C',
        pets: true,
        bills: true,
        availableBy: '2027-03-01',
      }),
    ).toBe('Rent · Flat or Maisonette · 60+ m² · EPC C or better · Pets considered · Bills…')
    expect(
      savedSearchSummary({
        type: 'rent',
        propertyType: 'flat,studio,other',
        epc: 'A',
        availableBy: '2027-03-01',
      }),
    ).toBe('Rent · Flat, Studio or Other · EPC A · Available by 1 Mar 2027 · newest first')
    expect(savedSearchName({ propertyType: 'semi_detached', minArea: 1500 })).toBe(
      'Semi-detached house · 1,500+ m²',
    )
  })

  it('keeps the filters as saved parameters, the rent ones only for rent', () => {
    expect(toSavedParams({ type: 'rent', pets: 'true', propertyType: 'flat', view: 'map' })).toEqual({
      type: 'rent',
      pets: true,
      propertyType: 'flat',
    })
    expect(toSavedParams({ type: 'sale', pets: true })).toEqual({ type: 'sale' })
  })
})
