import { describe, expect, it } from 'vitest'
import { encodeArea } from '../utils/area'
import {
  clearFilters,
  countFilters,
  formatBbox,
  parseBbox,
  parseHomeSearch,
  validateHomeSearch,
} from './home-search'
import { ignoredFields } from './home-search-problems'

describe('parseHomeSearch: the URL contract of /search', () => {
  it('keeps every field that parses, as the router reads the URL (numbers and booleans arrive parsed)', () => {
    expect(
      parseHomeSearch({
        q: '  Hackney   flat ',
        type: 'rent',
        minPrice: 500,
        maxPrice: '2000',
        minBeds: 2,
        minBaths: '1',
        parking: true,
        furnished: 'true',
        offer: true,
        sort: 'price-desc',
        view: 'map',
        bbox: '-0.2,51.4,0.1,51.6',
      }),
    ).toEqual({
      q: 'Hackney flat',
      type: 'rent',
      minPrice: 500,
      maxPrice: 2000,
      minBeds: 2,
      minBaths: 1,
      parking: true,
      furnished: true,
      offer: true,
      sort: 'price-desc',
      view: 'map',
      bbox: '-0.2,51.4,0.1,51.6',
    })
  })

  it('drops values that do not parse, keeping the rest', () => {
    expect(
      parseHomeSearch({
        q: 'Leeds',
        type: 'castle',
        minPrice: 'cheap',
        maxPrice: -5,
        minBeds: 2.5,
        minBaths: 0,
        parking: 'yes',
        furnished: false,
        offer: 1,
        sort: 'random',
        view: 'globe',
        bbox: '1,2,3',
        page: 4,
      }),
    ).toEqual({ q: 'Leeds' })
    expect(parseHomeSearch({ bbox: '10,0,5,1' })).toEqual({})
    expect(parseHomeSearch({ bbox: '0,95,1,96' })).toEqual({})
    expect(parseHomeSearch({ minPrice: 1e12 })).toEqual({})
    expect(parseHomeSearch({ q: { text: 'x' } })).toEqual({})
  })

  it('leaves defaults out: empty text, newest, list, a zero minimum price', () => {
    expect(parseHomeSearch({ q: '   ', sort: 'newest', view: 'list', minPrice: 0 })).toEqual({})
  })

  it('reads a number typed as the text (?q=2000) as text', () => {
    expect(parseHomeSearch({ q: 2000 })).toEqual({ q: '2000' })
  })

  it('reads whole numbers written as text, and refuses numbers that are not finite', () => {
    expect(
      parseHomeSearch({ minPrice: ' 500 ', maxPrice: '2000.0', minBeds: '1.5', minBaths: '1e1' }),
    ).toEqual({
      minPrice: 500,
      maxPrice: 2000,
    })
    expect(
      parseHomeSearch({ q: Number.NaN, minPrice: Number.POSITIVE_INFINITY, bbox: 5, view: ['map'] }),
    ).toEqual({})
  })

  it('keeps "include under offer" only when it is off, its default being on', () => {
    expect(parseHomeSearch({ underOffer: 'false' })).toEqual({ underOffer: false })
    expect(parseHomeSearch({ underOffer: false })).toEqual({ underOffer: false })
    expect(parseHomeSearch({ underOffer: 'true' })).toEqual({})
    expect(parseHomeSearch({ underOffer: true })).toEqual({})
    expect(parseHomeSearch({ underOffer: 'no' })).toEqual({})
    expect(new URLSearchParams(parseHomeSearch({ underOffer: 'false' }) as never).toString()).toBe(
      'underOffer=false',
    )
  })

  it('reads the Recently reduced sort', () => {
    expect(parseHomeSearch({ sort: 'reduced' })).toEqual({ sort: 'reduced' })
  })

  it('cuts very long text instead of refusing it', () => {
    expect(parseHomeSearch({ q: 'a'.repeat(500) }).q).toHaveLength(100)
  })
})

describe('bbox', () => {
  it('parses west,south,east,north and writes it back rounded', () => {
    expect(parseBbox('-0.25, 51.4 ,0.1,51.6')).toEqual([-0.25, 51.4, 0.1, 51.6])
    expect(parseBbox('a,b,c,d')).toBeNull()
    expect(formatBbox([-0.123456789, 51.5, 0.1, 51.6])).toBe('-0.12346,51.5,0.1,51.6')
  })
})

describe('filters', () => {
  it('counts the filters set, not the text, sort or view', () => {
    expect(countFilters({ q: 'York', sort: 'price-asc', view: 'map' })).toBe(0)
    expect(
      countFilters({
        type: 'sale',
        minPrice: 1,
        maxPrice: 2,
        minBeds: 1,
        minBaths: 1,
        parking: true,
        furnished: true,
        offer: true,
        underOffer: false,
      }),
    ).toBe(9)
  })

  it('counts keywords and the radius, which the sheet sets, but not the place', () => {
    expect(countFilters({ place: 2633352 })).toBe(0)
    expect(countFilters({ place: 2633352, radius: '1', keywords: 'garden' })).toBe(2)
  })

  it('clears the filters and the text, keeping the sort and the view', () => {
    expect(
      clearFilters({ q: 'York', type: 'sale', offer: true, underOffer: false, sort: 'reduced', view: 'map' }),
    ).toEqual({
      sort: 'reduced',
      view: 'map',
    })
  })
})

describe('validateHomeSearch: what the route keeps', () => {
  it('names every field, undefined when dropped, so the raw value cannot show through', () => {
    const search = validateHomeSearch({ type: 'castle', q: 'York', page: 4 })
    expect(search).toHaveProperty('type', undefined)
    expect({ page: 4, type: 'castle', ...search }).toMatchObject({ type: undefined, q: 'York' })
  })
})

describe('ignored fields', () => {
  it('names the place, radius, keywords and area a link gives but the search cannot use', () => {
    expect(
      ignoredFields({ place: 'york', radius: '2', keywords: 'k'.repeat(101), area: '!!', type: 'nope' }),
    ).toEqual([
      { field: 'place' },
      { field: 'radius' },
      { field: 'keywords' },
      { field: 'area', problem: 'does-not-decode' },
    ])
  })

  it('refuses a radius without a place, and says why an area was refused', () => {
    expect(ignoredFields({ radius: '1' })).toEqual([{ field: 'radius' }])
    expect(ignoredFields({ place: 2633352, radius: 1 })).toEqual([])
    const tooMany = encodeArea(
      Array.from({ length: 51 }, (_, i) => ({
        lat: 51.5 + 0.01 * Math.sin((2 * Math.PI * i) / 51),
        lng: -0.1 + 0.01 * Math.cos((2 * Math.PI * i) / 51),
      })),
    )
    expect(ignoredFields({ area: tooMany })).toEqual([{ field: 'area', problem: 'too-many-points' }])
    const bowtie = encodeArea([
      { lat: 0, lng: 0 },
      { lat: 1, lng: 1 },
      { lat: 0, lng: 1 },
      { lat: 1, lng: 0 },
    ])
    expect(ignoredFields({ area: bowtie })).toEqual([{ field: 'area', problem: 'crosses-itself' }])
  })

  it('ignores nothing in a good link or an empty field', () => {
    expect(ignoredFields({ place: '2633352', radius: '0.25', keywords: 'garden', area: '' })).toEqual([])
  })
})

describe('the property facts filters in the URL', () => {
  it('keeps property types (several, each once, in their order), the min floor area, EPC at least and the rent filters', () => {
    expect(
      parseHomeSearch({
        type: 'rent',
        propertyType: 'studio,flat,flat',
        minArea: '60',
        epc: 'C',
        pets: true,
        bills: 'true',
        availableBy: '2027-03-01',
      }),
    ).toEqual({
      type: 'rent',
      propertyType: 'flat,studio',
      minArea: 60,
      epc: 'C',
      pets: true,
      bills: true,
      availableBy: '2027-03-01',
    })
    expect(parseHomeSearch({ type: 'sale', propertyType: 'detached', minArea: 10_000, epc: 'G' })).toEqual({
      type: 'sale',
      propertyType: 'detached',
      minArea: 10_000,
      epc: 'G',
    })
  })

  it('drops junk: unknown types, areas not whole or out of range, letters outside A–G, dates that are not dates', () => {
    expect(
      parseHomeSearch({
        type: 'rent',
        propertyType: 'flat,castle',
        minArea: 0,
        epc: 'exempt',
        pets: 'yes',
        bills: 1,
        availableBy: '2027-02-30',
      }),
    ).toEqual({ type: 'rent' })
    expect(parseHomeSearch({ propertyType: '', minArea: 10_001, epc: 'c' })).toEqual({})
    expect(parseHomeSearch({ minArea: 60.5 })).toEqual({})
    expect(parseHomeSearch({ type: 'rent', availableBy: '1 March 2027' })).toEqual({ type: 'rent' })
    expect(parseHomeSearch({ type: 'rent', availableBy: '2028-02-29' })).toEqual({
      type: 'rent',
      availableBy: '2028-02-29',
    })
  })

  it('keeps the rent filters only for homes to rent', () => {
    expect(parseHomeSearch({ pets: true, bills: true, availableBy: '2027-03-01' })).toEqual({})
    expect(parseHomeSearch({ type: 'sale', pets: true })).toEqual({ type: 'sale' })
  })

  it('counts each filter set, and Clear filters clears them', () => {
    const search = parseHomeSearch({
      type: 'rent',
      propertyType: 'flat,studio',
      minArea: 50,
      epc: 'B',
      pets: true,
      bills: true,
      availableBy: '2027-03-01',
    })
    expect(countFilters(search)).toBe(7)
    expect(clearFilters(search)).toEqual({})
  })

  it('names the fact filters a link gives that the search cannot use, and why for the rent ones', () => {
    expect(
      ignoredFields({
        type: 'rent',
        propertyType: 'castle',
        minArea: 'big',
        epc: 'Z',
        pets: 'maybe',
        availableBy: '2027-13-01',
      }),
    ).toEqual([
      { field: 'propertyType' },
      { field: 'minArea' },
      { field: 'epc' },
      { field: 'pets', problem: 'unreadable' },
      { field: 'availableBy', problem: 'unreadable' },
    ])
    expect(ignoredFields({ type: 'sale', pets: true, bills: 'true', availableBy: '2027-03-01' })).toEqual([
      { field: 'pets', problem: 'rent-only' },
      { field: 'bills', problem: 'rent-only' },
      { field: 'availableBy', problem: 'rent-only' },
    ])
    expect(
      ignoredFields({ type: 'rent', propertyType: 'flat', minArea: 60, epc: 'C', pets: true, bills: false }),
    ).toEqual([])
  })
})
