import { describe, expect, it } from 'vitest'
import { placesOf } from '../../utils/places'
import { factsOfColumns } from '../../utils/property-fact-columns'
import { formatPropertyFactsCompleteness } from '../../utils/property-facts'
import {
  DEFAULT_LISTING_VALUES,
  LISTING_FIELD_ORDER,
  type ListingFormValues,
  type ListingSchemaOptions,
  LISTING_MESSAGES as M,
  validateListing,
} from './listing-schema'
import { factValuesOf, readPropertyFacts, shownFloorArea } from './property-facts-schema'
import { nationOfPlaces } from './use-place-nation'

const CREATE: ListingSchemaOptions = { images: 'required', coordinates: 'geocoded' }
const EDIT: ListingSchemaOptions = { images: 'none', coordinates: 'geocoded' }
const MANUAL: ListingSchemaOptions = { images: 'required', coordinates: 'manual' }

const image = (name: string, type = 'image/jpeg') => ({ name, type, size: 1000 })

const valid: ListingFormValues = {
  ...DEFAULT_LISTING_VALUES,
  name: 'Bright flat by the park',
  address: '10 Downing Street, London',
  regularPrice: '1200',
  epcRating: 'C',
  councilTaxBand: 'B',
  deposit: '1000',
  images: [image('cover.jpg')],
}

const factColumnsNone = factsOfColumns({})

const errorsOf = (values: Partial<ListingFormValues>, options = CREATE) => {
  const result = validateListing({ ...valid, ...values }, options)
  return result.ok ? {} : result.errors
}

describe('spec §5 defaults', () => {
  it('start as rent, one bedroom, one bathroom, everything else false or empty', () => {
    expect(DEFAULT_LISTING_VALUES).toMatchObject({
      type: 'rent',
      bedrooms: '1',
      bathrooms: '1',
      parking: false,
      furnished: false,
      offer: false,
      name: '',
      address: '',
      regularPrice: '',
      discountedPrice: '',
      images: [],
    })
  })
})

describe('a valid listing becomes a draft', () => {
  it('with numbers, the trimmed location and no discounted price without an offer', () => {
    const result = validateListing(
      { ...valid, name: '  Bright flat by the park ', discountedPrice: '5' },
      CREATE,
    )
    expect(result).toEqual({
      ok: true,
      draft: {
        type: 'rent',
        name: 'Bright flat by the park',
        bedrooms: 1,
        bathrooms: 1,
        parking: false,
        furnished: false,
        location: '10 Downing Street, London',
        description: null,
        offer: false,
        regularPrice: 1200,
        discountedPrice: null,
        coordinates: null,
        images: [image('cover.jpg')],
        ...factColumnsNone,
        epcRating: 'C',
        councilTaxBand: 'B',
        deposit: 1000,
      },
    })
  })

  it('keeps the discounted price when the listing is on offer', () => {
    const result = validateListing({ ...valid, offer: true, discountedPrice: '1100' }, CREATE)
    expect(result.ok && result.draft.discountedPrice).toBe(1100)
  })
})

describe('name is required, 10 to 32 characters', () => {
  it.each([
    ['', M.nameRequired],
    ['   ', M.nameRequired],
    ['123456789', M.nameTooShort],
    ['a'.repeat(33), M.nameTooLong],
  ])('%j → %s', (name, message) => {
    expect(errorsOf({ name }).name).toBe(message)
  })

  it.each(['1234567890', 'a'.repeat(32)])('accepts the boundary %j', (name) => {
    expect(errorsOf({ name }).name).toBeUndefined()
  })
})

describe('bedrooms and bathrooms are required, 1 to 50', () => {
  it.each([
    ['', M.bedroomsRequired],
    ['0', M.bedroomsRange],
    ['51', M.bedroomsRange],
    ['2.5', M.bedroomsRange],
    ['-1', M.bedroomsRange],
    ['two', M.bedroomsRange],
  ])('bedrooms %j → %s', (bedrooms, message) => {
    expect(errorsOf({ bedrooms }).bedrooms).toBe(message)
  })

  it.each([
    ['', M.bathroomsRequired],
    ['0', M.bathroomsRange],
    ['51', M.bathroomsRange],
  ])('bathrooms %j → %s', (bathrooms, message) => {
    expect(errorsOf({ bathrooms }).bathrooms).toBe(message)
  })

  it.each(['1', '50'])('accepts the boundary %s', (rooms) => {
    expect(errorsOf({ bedrooms: rooms, bathrooms: rooms })).toEqual({})
  })
})

describe('regular price is required, 50 to 750000000', () => {
  it.each([
    ['', M.regularPriceRequired],
    ['49', M.regularPriceRange],
    ['750000001', M.regularPriceRange],
    ['99.5', M.regularPriceRange],
  ])('%j → %s', (regularPrice, message) => {
    expect(errorsOf({ regularPrice }).regularPrice).toBe(message)
  })

  it.each(['50', '750000000'])('accepts the boundary %s', (regularPrice) => {
    expect(errorsOf({ regularPrice }).regularPrice).toBeUndefined()
  })
})

describe('discounted price: only with an offer, then required, 50 to 750000000 and below the regular price', () => {
  it('is ignored when offer is No', () => {
    expect(errorsOf({ offer: false, discountedPrice: 'x' })).toEqual({})
  })

  it.each([
    ['', M.discountedPriceRequired],
    ['49', M.discountedPriceRange],
    ['750000001', M.discountedPriceRange],
    ['1200', M.discountedPriceNotLower],
    ['1300', M.discountedPriceNotLower],
  ])('%j → %s', (discountedPrice, message) => {
    expect(errorsOf({ offer: true, discountedPrice }).discountedPrice).toBe(message)
  })

  it('uses the exact message of spec §5', () => {
    expect(M.discountedPriceNotLower).toBe('Discounted price needs to be less than regular price!')
  })

  it('compares prices as numbers, not text (10000 vs 8000)', () => {
    expect(errorsOf({ offer: true, regularPrice: '10000', discountedPrice: '8000' })).toEqual({})
  })

  it('accepts 50 and one below the regular price', () => {
    expect(errorsOf({ offer: true, discountedPrice: '50', deposit: '50' })).toEqual({})
    expect(errorsOf({ offer: true, discountedPrice: '1199' })).toEqual({})
  })
})

describe('address is required; it must geocode', () => {
  it('refuses an empty address', () => {
    expect(errorsOf({ address: '  ' }).address).toBe(M.addressRequired)
  })

  it('has the exact geocoding message of spec §5', () => {
    expect(M.addressNotFound).toBe('Please enter a correct address')
  })
})

describe('description is optional, trimmed, up to 2,000 characters', () => {
  const draftOf = (description: string) => {
    const result = validateListing({ ...valid, description }, CREATE)
    return result.ok ? result.draft.description : 'refused'
  }

  it('is saved trimmed, keeping its line breaks', () => {
    expect(draftOf('  Sunny garden.\n\nNear the park.  ')).toBe('Sunny garden.\n\nNear the park.')
  })

  it('is no description when nothing in it shows', () => {
    expect(draftOf('')).toBeNull()
    expect(draftOf(' \n\t \u200b ')).toBeNull()
  })

  it('drops control characters the database refuses', () => {
    expect(draftOf('Quiet\u0007 street')).toBe('Quiet street')
  })

  it('counts 2,000 characters after trimming, and refuses more', () => {
    expect(draftOf(`  ${'a'.repeat(2000)}  `)).toHaveLength(2000)
    expect(errorsOf({ description: 'a'.repeat(2001) }).description).toBe(M.descriptionTooLong)
  })
})

describe('coordinates are typed in when geocoding is off', () => {
  it('requires a latitude from -90 to 90 and a longitude from -180 to 180', () => {
    expect(errorsOf({ latitude: '', longitude: '' }, MANUAL)).toEqual({
      latitude: M.latitudeRange,
      longitude: M.longitudeRange,
    })
    expect(errorsOf({ latitude: '90.1', longitude: '-180.1' }, MANUAL)).toEqual({
      latitude: M.latitudeRange,
      longitude: M.longitudeRange,
    })
  })

  it('keeps them in the draft', () => {
    const result = validateListing({ ...valid, latitude: '51.5', longitude: '-0.12' }, MANUAL)
    expect(result.ok && result.draft.coordinates).toEqual({ lat: 51.5, lng: -0.12 })
  })

  it('ignores them when geocoding is on', () => {
    expect(errorsOf({ latitude: 'x', longitude: '' }, CREATE)).toEqual({})
  })
})

describe('images: required on create, .jpg/.jpeg/.png, at most 6', () => {
  it('requires at least one on create', () => {
    expect(errorsOf({ images: [] }).images).toBe(M.imagesRequired)
  })

  it('refuses a seventh image with the exact message of spec §5', () => {
    const seven = Array.from({ length: 7 }, (_, i) => image(`${i}.jpg`))
    expect(errorsOf({ images: seven }).images).toBe('Max 6 images only!')
  })

  it('accepts six', () => {
    const six = Array.from({ length: 6 }, (_, i) => image(`${i}.png`, 'image/png'))
    expect(errorsOf({ images: six })).toEqual({})
  })

  it.each(['a.jpg', 'b.JPEG', 'c.png'])('accepts %s', (name) => {
    expect(errorsOf({ images: [image(name)] })).toEqual({})
  })

  it.each(['a.gif', 'b.webp', 'c.jpg.exe'])('refuses %s', (name) => {
    expect(errorsOf({ images: [image('ok.jpg'), image(name)] }).images).toBe(M.imagesWrongType)
  })

  it('does not ask for images on edit', () => {
    const result = validateListing({ ...valid, images: [] }, EDIT)
    expect(result.ok && result.draft.images).toEqual([])
  })
})

it('reports every broken rule at once, one message per field', () => {
  expect(
    errorsOf({ name: '', bedrooms: '0', regularPrice: '', address: '', offer: true, images: [] }),
  ).toEqual({
    name: M.nameRequired,
    bedrooms: M.bedroomsRange,
    regularPrice: M.regularPriceRequired,
    address: M.addressRequired,
    discountedPrice: M.discountedPriceRequired,
    images: M.imagesRequired,
  })
})

describe('property facts (issue 55): every bad value gets a message beside its field', () => {
  const TODAY = '2026-11-28'
  const factErrors = (values: Partial<ListingFormValues>, options: Partial<ListingSchemaOptions> = {}) =>
    errorsOf(values, { ...CREATE, today: TODAY, ...options })
  const draftOf = (values: Partial<ListingFormValues>, options: Partial<ListingSchemaOptions> = {}) => {
    const result = validateListing({ ...valid, ...values }, { ...CREATE, today: TODAY, ...options })
    if (!result.ok) throw new Error(JSON.stringify(result.errors))
    return result.draft
  }

  it('publishing needs an EPC rating or Exempt, a council tax band and, for rent, the deposit', () => {
    expect(factErrors({ epcRating: '', councilTaxBand: '', deposit: '' })).toEqual({
      epcRating: 'Add the EPC rating (A–G) or mark it exempt',
      councilTaxBand: 'Add the council tax band, or choose Not yet banded',
      deposit: 'Add the deposit',
    })
    expect(factErrors({ type: 'sale', epcRating: '', councilTaxBand: '', deposit: '' })).toEqual({
      epcRating: M.epcRequired,
      councilTaxBand: M.councilTaxBandRequired,
    })
  })

  it('an edit of a listing published without the facts may be saved without them', () => {
    expect(factErrors({ epcRating: '', councilTaxBand: '', deposit: '' }, { factsRequired: false })).toEqual(
      {},
    )
  })

  it('a sale that becomes a rent needs its deposit, even one published without the facts', () => {
    const noFacts = { epcRating: '', councilTaxBand: '', deposit: '' } as const
    expect(factErrors(noFacts, { factsRequired: false, typeAsWas: 'sale' })).toEqual({
      deposit: M.depositRequired,
    })
    expect(factErrors(noFacts, { factsRequired: false, typeAsWas: 'rent' })).toEqual({})
  })

  it.each(['0', '10000.1', '-5', 'big', '107640'])('floor area %j is refused', (floorArea) => {
    const unit = floorArea === '107640' ? 'sqft' : 'm2'
    expect(factErrors({ floorArea, floorAreaTypedUnit: unit, floorAreaUnit: unit }).floorArea).toBe(
      M.floorAreaRange,
    )
  })

  it('floor area is kept in m² to 0.1, whichever unit it was typed in', () => {
    expect(draftOf({ floorArea: '62.04' }).floorAreaM2).toBe(62)
    expect(draftOf({ floorArea: '10000' }).floorAreaM2).toBe(10000)
    expect(draftOf({ floorArea: '667', floorAreaTypedUnit: 'sqft', floorAreaUnit: 'sqft' }).floorAreaM2).toBe(
      62,
    )
  })

  it('a lease over 999 years, or of 0, is refused; ground rent and service charge are whole pounds', () => {
    const lease = { type: 'sale', tenure: 'leasehold' } as const
    expect(factErrors({ ...lease, leaseYearsLeft: '1000' }).leaseYearsLeft).toBe(M.leaseYearsLeftRange)
    expect(factErrors({ ...lease, leaseYearsLeft: '0' }).leaseYearsLeft).toBe(M.leaseYearsLeftRange)
    expect(factErrors({ ...lease, groundRentPerYear: '-1' }).groundRentPerYear).toBe(M.groundRentRange)
    expect(factErrors({ ...lease, serviceChargePerYear: '1.5' }).serviceChargePerYear).toBe(
      M.serviceChargeRange,
    )
    expect(
      draftOf({ ...lease, leaseYearsLeft: '999', groundRentPerYear: '0', serviceChargePerYear: '1,200' }),
    ).toMatchObject({
      tenure: 'leasehold',
      leaseYearsLeft: 999,
      groundRentPerYear: 0,
      serviceChargePerYear: 1200,
    })
  })

  it('a deposit above the cap gets the cap in words', () => {
    expect(factErrors({ regularPrice: '1450', deposit: '1674' }).deposit).toBe(
      "A deposit can be at most 5 weeks' rent (£1,673 for £1,450 a month)",
    )
    expect(factErrors({ regularPrice: '1450', deposit: '1673' }).deposit).toBeUndefined()
    // On offer, the cap is of the rent the tenant pays.
    expect(
      factErrors({ regularPrice: '1450', offer: true, discountedPrice: '1000', deposit: '1673' }).deposit,
    ).toBe("A deposit can be at most 5 weeks' rent (£1,153 for £1,000 a month)")
    expect(factErrors({ deposit: 'lots' }).deposit).toBe(M.depositRange)
  })

  it('Available from: a date, not in the past on a new listing; an edit may keep a date that has passed', () => {
    expect(factErrors({ availability: 'date', availableFrom: '2026-11-27' }).availableFrom).toBe(
      M.availableFromPast,
    )
    expect(factErrors({ availability: 'date', availableFrom: '' }).availableFrom).toBe(
      M.availableFromRequired,
    )
    expect(draftOf({ availability: 'date', availableFrom: TODAY })).toMatchObject({
      availableFrom: TODAY,
      availableNow: null,
    })
    expect(draftOf({ availability: 'now', availableFrom: '2026-01-01' })).toMatchObject({
      availableNow: true,
      availableFrom: null,
    })
    const kept = { availability: 'date', availableFrom: '2026-01-01' } as const
    expect(factErrors(kept, { keptAvailableFrom: '2026-01-01' })).toEqual({})
    expect(factErrors({ ...kept, availableFrom: '2026-01-02' }, { keptAvailableFrom: '2026-01-01' })).toEqual(
      {
        availableFrom: M.availableFromPast,
      },
    )
  })

  it('an exempt EPC needs its reason; rates need the yearly amount', () => {
    expect(factErrors({ epcRating: 'exempt' }).epcExemptReason).toBe(M.epcExemptReasonRequired)
    expect(factErrors({ epcRating: 'exempt', epcExemptReason: 'ab' }).epcExemptReason).toBe(
      M.epcExemptReasonLength,
    )
    expect(draftOf({ epcRating: 'exempt', epcExemptReason: ' Listed building ' })).toMatchObject({
      epcRating: 'exempt',
      epcExemptReason: 'Listed building',
    })
    expect(factErrors({ councilTaxBand: 'rates' }).ratesPerYear).toBe(M.ratesRequired)
    expect(factErrors({ councilTaxBand: 'rates', ratesPerYear: '0' }).ratesPerYear).toBe(M.ratesRange)
    expect(draftOf({ councilTaxBand: 'rates', ratesPerYear: '1350' })).toMatchObject({ ratesPerYear: 1350 })
  })

  it('minimum tenancy is 1 to 60 months; bills and pets are yes, no or not said', () => {
    expect(factErrors({ minTenancyMonths: '61' }).minTenancyMonths).toBe(M.minTenancyRange)
    expect(draftOf({ minTenancyMonths: '12', billsIncluded: 'no', petsConsidered: 'yes' })).toMatchObject({
      minTenancyMonths: 12,
      billsIncluded: false,
      petsConsidered: true,
    })
    expect(draftOf({}).petsConsidered).toBeNull()
  })

  it("only the type's facts are kept: a sale has no deposit, a let no tenure, a freehold no lease", () => {
    const sale = draftOf({
      type: 'sale',
      tenure: 'freehold',
      leaseYearsLeft: '90',
      deposit: '1000',
      petsConsidered: 'yes',
    })
    expect(sale).toMatchObject({
      tenure: 'freehold',
      leaseYearsLeft: null,
      deposit: null,
      petsConsidered: null,
    })
    expect(draftOf({ tenure: 'leasehold' }).tenure).toBeNull()
    expect(draftOf({ epcRating: 'C', epcExemptReason: 'Listed' }).epcExemptReason).toBeNull()
  })

  it('the facts are in the field order, so focus goes to the first invalid one', () => {
    const order = LISTING_FIELD_ORDER
    expect(order.indexOf('epcRating')).toBeGreaterThan(order.indexOf('regularPrice'))
    expect(order.indexOf('deposit')).toBeLessThan(order.indexOf('images'))
  })
})

describe('the form shows how complete the facts are', () => {
  it('counts what it reads, as typed', () => {
    const line = (values: Partial<ListingFormValues>) =>
      formatPropertyFactsCompleteness(values.type ?? 'rent', readPropertyFacts({ ...valid, ...values }))
    expect(line({})).toBe('Property facts: 3 of 9')
    expect(line({ propertyType: 'flat', floorArea: '62', availability: 'now', minTenancyMonths: '6' })).toBe(
      'Property facts: 7 of 9',
    )
    expect(line({ floorArea: '0' })).toBe('Property facts: 3 of 9')
    expect(line({ type: 'sale', tenure: 'leasehold' })).toBe('Property facts: 3 of 8')
  })
})

describe('the floor area keeps what was typed when the unit changes', () => {
  it('shows it converted in the other unit and as typed when switched back', () => {
    const typed = { ...valid, floorArea: '62', floorAreaTypedUnit: 'm2' as const }
    expect(shownFloorArea({ ...typed, floorAreaUnit: 'sqft' })).toBe('667')
    expect(shownFloorArea({ ...typed, floorAreaUnit: 'm2' })).toBe('62')
    const feet = { ...valid, floorArea: '700', floorAreaTypedUnit: 'sqft' as const }
    expect(shownFloorArea({ ...feet, floorAreaUnit: 'm2' })).toBe('65')
    expect(shownFloorArea({ ...feet, floorAreaUnit: 'sqft' })).toBe('700')
  })
})

describe('the edit form starts from every fact the listing has', () => {
  it('reads back to the same facts', () => {
    const facts = {
      ...factsOfColumns({}),
      propertyType: 'flat',
      floorAreaM2: 62.5,
      epcRating: 'exempt',
      epcExemptReason: 'Listed building',
      councilTaxBand: 'rates',
      ratesPerYear: 1350,
      deposit: 1000,
      availableFrom: '2026-01-01',
      minTenancyMonths: 12,
      billsIncluded: false,
      petsConsidered: true,
    } as const
    const values = { ...valid, ...factValuesOf(facts) }
    expect(readPropertyFacts(values)).toEqual(facts)
    expect(
      validateListing(values, { ...EDIT, keptAvailableFrom: '2026-01-01', today: '2026-11-28' }).ok,
    ).toBe(true)
  })
})

describe('the council tax bands of the nation the listing is in', () => {
  const places = placesOf([
    [1, 'London', 'London, England', 51.5, -0.12, 9_000_000, 0],
    [2, 'Hackney', 'Hackney, London', 51.54, -0.05, 280_000, 1],
    [3, 'Cardiff', 'Cardiff, Wales', 51.48, -3.18, 360_000, 0],
    [4, 'Belfast', 'Belfast, Northern Ireland', 54.6, -5.93, 340_000, 0],
    [5, 'Nowhere', 'Nowhere', 0, 0, 0, 0],
  ])
  it('is read from its places, through the place that contains one', () => {
    expect(nationOfPlaces([2], places)).toBe('england')
    expect(nationOfPlaces([5, 3], places)).toBe('wales')
    expect(nationOfPlaces([4], places)).toBe('northern_ireland')
    expect(nationOfPlaces([5], places)).toBeNull()
    expect(nationOfPlaces([], places)).toBeNull()
  })
})
