import { describe, expect, it } from 'vitest'
import { isNetworkError } from '../lib/errors'
import { isListingType, LISTING_COLUMNS, parseListingRows } from './listing'

const row = {
  id: '5eed0000-0000-4000-8000-000000000001',
  type: 'rent',
  name: 'Flat by the park',
  bedrooms: 2,
  bathrooms: 1,
  parking: false,
  furnished: true,
  location: '1 Park Road, London',
  description: null,
  offer: true,
  regular_price: 1500,
  discounted_price: 1400,
  image_urls: ['https://example.com/a.jpg'],
  latitude: 51.5,
  longitude: -0.1,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00.000000+00:00',
  user_ref: '33333333-3333-4333-8333-333333333333',
  status: 'let_agreed',
  status_changed_at: '2026-01-02T00:00:00Z',
  off_market_at: '2026-03-03T00:00:00Z',
  price_reduced_at: null,
  price_reduced_by: null,
  version: 3,
  place_ids: [2643743],
  property_type: 'flat',
  floor_area_m2: 62.5,
  epc_rating: 'C',
  epc_exempt_reason: null,
  council_tax_band: 'B',
  rates_per_year: null,
  tenure: null,
  lease_years_left: null,
  ground_rent_per_year: null,
  service_charge_per_year: null,
  deposit: 1600,
  available_now: null,
  available_from: '2026-02-01',
  min_tenancy_months: 12,
  bills_included: false,
  pets_considered: null,
}

describe('parseListingRows: rows from the API keep their contract', () => {
  it('turns good rows into listings, ignoring columns it does not know', () => {
    const [listing] = parseListingRows([{ ...row, effective_price: 1400 }])
    expect(listing).toMatchObject({
      id: row.id,
      type: 'rent',
      regularPrice: 1500,
      discountedPrice: 1400,
      imageUrls: ['https://example.com/a.jpg'],
      geolocation: { lat: 51.5, lng: -0.1 },
      updatedAt: '2026-01-01T00:00:00.000000+00:00',
      userRef: row.user_ref,
    })
    expect(listing).not.toHaveProperty('effective_price')
    // The property facts, given or not (null: not provided).
    expect(listing).toMatchObject({
      propertyType: 'flat',
      floorAreaM2: 62.5,
      epcRating: 'C',
      epcExemptReason: null,
      councilTaxBand: 'B',
      tenure: null,
      deposit: 1600,
      availableNow: null,
      availableFrom: '2026-02-01',
      minTenancyMonths: 12,
      billsIncluded: false,
      petsConsidered: null,
    })
    expect(Object.keys(listing ?? {})).toEqual(
      expect.arrayContaining([
        'epcExemptReason',
        'ratesPerYear',
        'leaseYearsLeft',
        'groundRentPerYear',
        'serviceChargePerYear',
      ]),
    )
    expect(parseListingRows([])).toEqual([])
  })

  it.each([
    ['a value of the wrong type', { ...row, regular_price: '1500' }, /regular_price/],
    ['a missing column', (({ bedrooms: _, ...rest }) => rest)(row), /bedrooms/],
    ['null where a value is required', { ...row, name: null }, /name/],
    ['a type other than rent or sale', { ...row, type: 'castle' }, /type/],
    ['a status that is none of the statuses', { ...row, status: 'gone' }, /status/],
    ['a photo list holding something else', { ...row, image_urls: ['a.jpg', 7] }, /image_urls/],
    ['a number that is not finite', { ...row, latitude: Number.NaN }, /latitude/],
    ['something other than a row', 'row', /not an object/],
    ['a property type none of the types', { ...row, property_type: 'castle' }, /property_type/],
    ['an EPC rating outside A–G and exempt', { ...row, epc_rating: 'H' }, /epc_rating/],
    ['a council tax band outside its letters', { ...row, council_tax_band: 'Z' }, /council_tax_band/],
    ['a tenure none of the tenures', { ...row, tenure: 'rented' }, /tenure/],
    ['a yes or no that is text', { ...row, pets_considered: 'yes' }, /pets_considered/],
    ['a missing property fact', (({ deposit: _, ...rest }) => rest)(row), /deposit/],
  ])('refuses %s as an error, not a hole', (_, bad, column) => {
    expect(() => parseListingRows([row, bad])).toThrow(column)
  })

  it('names every bad column of a row, and refuses an answer that is not a list', () => {
    expect(() => parseListingRows([{ ...row, offer: 'yes', description: 3 }])).toThrow(
      'Listing row 0 from the API has bad columns: description, offer',
    )
    expect(() => parseListingRows({ rows: [row] })).toThrow(/not a list/)
    expect(() => parseListingRows(null)).toThrow(/not a list/)
  })

  it('is not mistaken for a failed connection', () => {
    try {
      parseListingRows([{ ...row, id: 1 }])
      expect.unreachable()
    } catch (error) {
      expect(isNetworkError(error)).toBe(false)
    }
  })
})

describe('the listing columns', () => {
  it('are every column of a row, in the table order, selected by every read', () => {
    expect(LISTING_COLUMNS).toBe(
      'id,type,name,bedrooms,bathrooms,parking,furnished,location,description,offer,regular_price,' +
        'discounted_price,image_urls,latitude,longitude,created_at,updated_at,user_ref,status,status_changed_at,' +
        'off_market_at,price_reduced_at,price_reduced_by,version,place_ids,property_type,floor_area_m2,' +
        'epc_rating,epc_exempt_reason,council_tax_band,rates_per_year,tenure,lease_years_left,' +
        'ground_rent_per_year,service_charge_per_year,deposit,available_now,available_from,' +
        'min_tenancy_months,bills_included,pets_considered',
    )
    expect(LISTING_COLUMNS.split(',').sort()).toEqual(Object.keys(row).sort())
  })

  it('has rent and sale as the only types', () => {
    expect(['rent', 'sale', 'castle', 'Rent', undefined].map(isListingType)).toEqual([
      true,
      true,
      false,
      false,
      false,
    ])
  })
})
