import { describe, expect, it } from 'vitest'
import { afterEdits, changedFields, type EditFields, type ListingEditPayload } from '../../types/listing-edit'
import { factColumns } from '../../utils/property-fact-columns'
import { editDiffs, isApplied, isUnchangedSince, type ServerListing, settleEdit } from './edit-rules'

const fields: EditFields = {
  type: 'sale',
  name: 'Loft above the bakery',
  bedrooms: 2,
  bathrooms: 1,
  parking: false,
  furnished: true,
  location: 'Leeds',
  description: 'Bright',
  offer: false,
  regular_price: 200_000,
  discounted_price: null,
  latitude: 53.8,
  longitude: -1.55,
  status: 'available',
  ...factColumns({}),
}

const publicUrl = (path: string) => `https://x/storage/v1/object/public/listing-images/${path}`
const url = (n: number) => publicUrl(`u1/l1/${n}.jpg`)

function anEdit(patch: Partial<ListingEditPayload> = {}): ListingEditPayload {
  return {
    listingId: 'l1',
    version: 3,
    chained: false,
    base: fields,
    basePhotos: [url(0), url(1)],
    changes: {},
    photos: null,
    locate: false,
    knownUrls: [url(0), url(1)],
    ...patch,
  }
}

const server = (
  patch: Partial<EditFields> = {},
  imageUrls = [url(0), url(1)],
  version = 4,
): ServerListing => ({
  fields: { ...fields, ...patch },
  imageUrls,
  version,
})

describe('an edit of a published listing', () => {
  it('carries only the fields the person changed', () => {
    expect(
      changedFields(fields, { ...fields, name: 'Loft above the old bakery', status: 'sold_stc' }),
    ).toEqual({
      name: 'Loft above the old bakery',
      status: 'sold_stc',
    })
    expect(changedFields(fields, { ...fields })).toEqual({})
  })

  it('queued edits lay over the listing in order; the last one touching photos sets them', () => {
    const first = anEdit({ changes: { name: 'First name here', regular_price: 190_000 } })
    const second = anEdit({
      changes: { regular_price: 180_000 },
      photos: [{ url: url(1) }, { photoId: 'p9', name: 'new.jpg', path: 'u1/l1/p9.jpg' }],
    })
    const shown = afterEdits({ fields, imageUrls: [url(0), url(1)] }, [first, second])
    expect(shown.fields).toMatchObject({ name: 'First name here', regular_price: 180_000, bedrooms: 2 })
    expect(shown.photos).toEqual(second.photos)
    expect(afterEdits({ fields, imageUrls: [url(0)] }, []).photos).toEqual([{ url: url(0) }])
  })

  it('is taken as already applied when the server holds exactly what it asks (a resend after a lost answer)', () => {
    const edit = anEdit({
      changes: { name: 'Loft above the old bakery' },
      photos: [{ url: url(1) }, { photoId: 'p9', name: 'n.jpg', path: 'u1/l1/p9.jpg' }],
    })
    expect(
      isApplied(
        edit,
        server({ name: 'Loft above the old bakery' }, [url(1), publicUrl('u1/l1/p9.jpg')]),
        publicUrl,
      ),
    ).toBe(true)
    expect(isApplied(edit, server({ name: 'Loft above the old bakery' }, [url(0), url(1)]), publicUrl)).toBe(
      false,
    )
    expect(isApplied(edit, server({ name: 'Someone else' }), publicUrl)).toBe(false)
  })

  it('knows whether the listing is still as the edit started from it', () => {
    expect(isUnchangedSince(anEdit(), server())).toBe(true)
    expect(isUnchangedSince(anEdit(), server({ bedrooms: 3 }))).toBe(false)
    expect(isUnchangedSince(anEdit(), server({}, [url(1), url(0)]))).toBe(false)
  })
})

describe('a stale edit, shown field by field', () => {
  const mine = anEdit({
    changes: { name: 'My new name here', regular_price: 190_000, status: 'under_offer' },
    photos: [{ url: url(1) }],
  })
  const theirs = server({ regular_price: 185_000, bedrooms: 3, name: 'My new name here' }, [
    url(0),
    url(1),
    url(2),
  ])

  it('lists what either side changed, preferring the side that changed it, and skips equal values', () => {
    const diffs = editDiffs(mine, theirs)
    expect(diffs.map((diff) => [diff.field, diff.preferred])).toEqual([
      ['status', 'mine'],
      ['bedrooms', 'theirs'],
      ['price', 'mine'],
      ['photos', 'mine'],
    ])
    expect(diffs.find((diff) => diff.field === 'price')).toMatchObject({
      mine: { offer: false, regular_price: 190_000, discounted_price: null },
      theirs: { offer: false, regular_price: 185_000, discounted_price: null },
    })
  })

  it('sends what was chosen, from the server version, changing only what differs from the server', () => {
    const settled = settleEdit(mine, theirs, { price: 'theirs', bedrooms: 'mine' })
    expect(settled.version).toBe(4)
    expect(settled.chained).toBe(false)
    expect(settled.base).toEqual(theirs.fields)
    expect(settled.changes).toEqual({ status: 'under_offer', bedrooms: 2 })
    expect(settled.photos).toEqual([{ url: url(1) }])
    // Photos the server had and the chosen result drops are removed after the update.
    expect(settled.knownUrls).toEqual(expect.arrayContaining([url(0), url(1), url(2)]))
  })

  it('theirs throughout leaves nothing to send', () => {
    const settled = settleEdit(mine, theirs, { status: 'theirs', price: 'theirs', photos: 'theirs' })
    expect(settled.changes).toEqual({})
    expect(settled.photos).toBeNull()
  })

  it('a status the chosen type lacks becomes Available', () => {
    const edit = anEdit({ changes: { status: 'sold_stc' } })
    const rent = server({ type: 'rent', status: 'let_agreed' })
    // Keeps their type (rent) but my status (sold STC, a sale status): the result is rent, Available.
    const settled = settleEdit(edit, rent, { type: 'theirs', status: 'mine' })
    expect(settled.changes).toEqual({ status: 'available' })
  })

  it('takes the address with its place, and the offer with its prices, as one choice', () => {
    const edit = anEdit({ changes: { location: 'York', latitude: 53.96, longitude: -1.08 } })
    const moved = server({ offer: true, discounted_price: 150_000 })
    const diffs = editDiffs(edit, moved)
    expect(diffs.map((diff) => diff.field)).toEqual(['location', 'price'])
    expect(settleEdit(edit, moved, {}).changes).toEqual({
      location: 'York',
      latitude: 53.96,
      longitude: -1.08,
    })
  })
})

describe('the property facts in an edit, like every other field', () => {
  const rent = { ...fields, type: 'rent' as const, regular_price: 1450, status: 'available' as const }
  const rentEdit = (patch: Partial<ListingEditPayload> = {}) => anEdit({ base: rent, ...patch })

  it('carries a changed fact to its column', () => {
    expect(changedFields(rent, { ...rent, deposit: 1600, pets_considered: false })).toEqual({
      deposit: 1600,
      pets_considered: false,
    })
  })

  it('a fact changed on both sides is a question with both values', () => {
    const edit = rentEdit({ changes: { deposit: 1600 } })
    const diffs = editDiffs(edit, server({ ...rent, deposit: 1500 }))
    expect(diffs).toEqual([
      { field: 'deposit', mine: { deposit: 1600 }, theirs: { deposit: 1500 }, preferred: 'mine' },
    ])
    expect(settleEdit(edit, server({ ...rent, deposit: 1500 }), { deposit: 'theirs' }).changes).toEqual({})
  })

  it('the EPC goes with its exemption, the band with its rates: one choice each', () => {
    const edit = rentEdit({ changes: { epc_rating: 'exempt', epc_exempt_reason: 'Listed building' } })
    const theirs = server({ ...rent, epc_rating: 'C', council_tax_band: 'rates', rates_per_year: 1350 })
    const diffs = editDiffs(edit, theirs)
    expect(diffs.map((diff) => diff.field)).toEqual(['epc', 'councilTax'])
    expect(diffs[0]).toMatchObject({
      mine: { epc_rating: 'exempt', epc_exempt_reason: 'Listed building' },
      theirs: { epc_rating: 'C', epc_exempt_reason: null },
      preferred: 'mine',
    })
    expect(settleEdit(edit, theirs, {}).changes).toEqual({
      epc_rating: 'exempt',
      epc_exempt_reason: 'Listed building',
    })
  })

  it('an edit queued before the app knew the facts neither conflicts over them nor clears them', () => {
    const { property_type: _, deposit: __, epc_rating: ___, ...older } = rent
    const edit = rentEdit({ base: older as EditFields, changes: { name: 'Flat by the Minster' } })
    const theirs = server({ ...rent, property_type: 'flat', deposit: 1500, epc_rating: 'C' })
    expect(isUnchangedSince(rentEdit({ base: older as EditFields }), server(rent))).toBe(true)
    // The facts it never saw are the server's: no question about them, only about what the person changed.
    expect(editDiffs(edit, theirs).map((diff) => diff.field)).toEqual(['name'])
    expect(settleEdit(edit, theirs, {}).changes).toEqual({ name: 'Flat by the Minster' })
  })

  it("facts the settled listing cannot have go: a let's deposit when it becomes a sale", () => {
    const edit = rentEdit({ changes: { type: 'sale' } })
    const theirs = server({ ...rent, deposit: 1500, pets_considered: true })
    const settled = settleEdit(edit, theirs, { type: 'mine', deposit: 'theirs', petsConsidered: 'theirs' })
    expect(settled.changes).toMatchObject({ type: 'sale', deposit: null, pets_considered: null })
  })
})
