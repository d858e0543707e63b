import { describe, expect, it } from 'vitest'
import {
  DEFAULT_LISTING_VALUES,
  type ListingFormValues,
  type ListingSchemaOptions,
  LISTING_MESSAGES as M,
  validateListing,
} from './listing-schema'

const CREATE: ListingSchemaOptions = { images: 'required', coordinates: 'geocoded' }
const EDIT: ListingSchemaOptions = { images: 'none', coordinates: 'geocoded' }
const MANUAL: ListingSchemaOptions = { images: 'required', coordinates: 'manual' }

const image = (name: string, type = 'image/jpeg') => ({ name, type, size: 1000 })

const valid: ListingFormValues = {
  ...DEFAULT_LISTING_VALUES,
  name: 'Bright flat by the park',
  address: '10 Downing Street, London',
  regularPrice: '1200',
  images: [image('cover.jpg')],
}

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
    expect(errorsOf({ offer: true, discountedPrice: '50' })).toEqual({})
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
