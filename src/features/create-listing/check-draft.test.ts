import { describe, expect, it } from 'vitest'
import { LISTING_MESSAGES as M } from '../../components/listing-form/listing-schema'
import { DEFAULT_FACT_VALUES } from '../../components/listing-form/property-facts-schema'
import type { ListingFormText as DraftValues } from '../../types/listing'
import { checkDraft, draftFieldErrors } from './check-draft'
import { toDraftValues } from './draft-values'

const complete: DraftValues = {
  type: 'sale',
  name: 'Garden flat by the park',
  bedrooms: '2',
  bathrooms: '1',
  parking: true,
  furnished: false,
  address: 'York',
  description: '',
  offer: false,
  regularPrice: '950',
  discountedPrice: '',
  latitude: '',
  longitude: '',
  ...DEFAULT_FACT_VALUES,
  epcRating: 'C',
  councilTaxBand: 'D',
}
const photo = (name = 'room.jpg') => ({ name, blob: new Blob(['jpeg'], { type: 'image/jpeg' }) })

describe('a draft may be kept incomplete: only the types of its values are checked on save', () => {
  it('keeps what there is and fills what is missing with the form defaults', () => {
    expect(toDraftValues({ name: 'Half-written' })).toEqual({
      type: 'rent',
      name: 'Half-written',
      bedrooms: '1',
      bathrooms: '1',
      parking: false,
      furnished: false,
      address: '',
      description: '',
      offer: false,
      regularPrice: '',
      discountedPrice: '',
      latitude: '',
      longitude: '',
      ...DEFAULT_FACT_VALUES,
    })
  })

  it('drops values of the wrong type and anything that is not a field (the photos live apart)', () => {
    const kept = toDraftValues({
      ...complete,
      type: 'lease',
      bedrooms: 3,
      offer: 'yes',
      images: [1],
      extra: 1,
    })
    expect(kept).toEqual({ ...complete, type: 'rent', bedrooms: '1', offer: false })
  })

  it('reads anything that is not an object as an empty draft', () => {
    expect(toDraftValues(null).name).toBe('')
  })
})

describe("the job checks a draft by the Create form's rules before it sends anything", () => {
  it('a complete draft with a photo is a listing to publish', () => {
    const checked = checkDraft(complete, [photo()], true)
    expect(checked).toMatchObject({
      ok: true,
      listing: { name: 'Garden flat by the park', regularPrice: 950 },
    })
  })

  it("an incomplete draft gives every field's message and, as its reason, the first in the form's order", () => {
    const checked = checkDraft({ ...complete, regularPrice: '', address: '', name: 'short' }, [], true)
    expect(checked).toEqual({
      ok: false,
      reason: M.nameTooShort,
      errors: {
        name: M.nameTooShort,
        address: M.addressRequired,
        regularPrice: M.regularPriceRequired,
        images: M.imagesRequired,
      },
    })
  })

  it('photos count: none, more than 6, or not .jpg/.jpeg/.png', () => {
    expect(checkDraft(complete, [], true)).toMatchObject({ ok: false, reason: M.imagesRequired })
    const seven = Array.from({ length: 7 }, (_, i) => photo(`p${i}.jpg`))
    expect(checkDraft(complete, seven, true)).toMatchObject({ ok: false, reason: M.imagesTooMany })
    expect(checkDraft(complete, [photo('plan.gif')], true)).toMatchObject({ reason: M.imagesWrongType })
  })

  it('with geocoding off, the typed coordinates are required too', () => {
    expect(checkDraft(complete, [photo()], false)).toMatchObject({ ok: false, reason: M.latitudeRange })
  })
})

describe('a draft reopened in the form shows its messages beside the fields', () => {
  it('shows what the values break, and the address the geocoder did not find', () => {
    expect(draftFieldErrors({ ...complete, bedrooms: '' }, [photo()], M.addressNotFound, true)).toEqual({
      bedrooms: M.bedroomsRequired,
      address: M.addressNotFound,
    })
  })

  it("a server's refusal of a complete draft belongs to no field", () => {
    expect(draftFieldErrors(complete, [photo()], 'new row violates check constraint', true)).toEqual({})
  })

  it("a refused fact's constraint shows that fact's message beside it", () => {
    const rent = { ...complete, type: 'rent' as const, regularPrice: '1450', deposit: '1600' }
    const reason = 'new row for relation "listings" violates check constraint "listings_deposit_within_cap"'
    expect(draftFieldErrors(rent, [photo()], reason, true)).toEqual({
      deposit: "A deposit can be at most 5 weeks' rent (£1,673 for £1,450 a month)",
    })
    // The triggers say the form's words: a date gone past while the draft waited, publishing's facts.
    const past = 'The date a home is available from cannot be in the past.'
    expect(draftFieldErrors({ ...rent, deposit: '1000' }, [photo()], past, true)).toEqual({
      availableFrom: M.availableFromPast,
    })
    expect(draftFieldErrors({ ...rent, deposit: '1000' }, [photo()], 'Add the deposit', true)).toEqual({
      deposit: 'Add the deposit',
    })
    const band = 'violates check constraint "listings_council_tax_band_required"'
    expect(draftFieldErrors({ ...rent, deposit: '1000' }, [photo()], band, true)).toEqual({
      councilTaxBand: M.councilTaxBandRequired,
    })
  })

  it('a draft kept before the facts reopens with every fact empty, and keeps the facts it has', () => {
    expect(toDraftValues({ name: 'Old draft' }).epcRating).toBe('')
    const kept = toDraftValues({
      ...complete,
      floorArea: '667',
      floorAreaTypedUnit: 'sqft',
      petsConsidered: 'no',
    })
    expect(kept).toMatchObject({
      floorArea: '667',
      floorAreaTypedUnit: 'sqft',
      petsConsidered: 'no',
      epcRating: 'C',
    })
    expect(toDraftValues({ ...complete, epcRating: 'Z', tenure: 7 })).toMatchObject({
      epcRating: '',
      tenure: '',
    })
  })
})
