import {
  changedFields,
  type EditField,
  type EditFields,
  type EditPhoto,
  type ListingEditPayload,
} from '../../types/listing-edit'
import { statusForType } from '../../types/listing-status'

// The rules of sending an edit and of settling a refused one: whether the server already holds it or still
// holds what it started from, and how a stale edit is shown and settled field by field.

/** A listing as the server holds it now: its fields, photos and version. */
export type ServerListing = { fields: EditFields; imageUrls: string[]; version: number }

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

/** True when the server already holds what the edit asks (an edit sent again after its answer was lost). */
export function isApplied(
  edit: ListingEditPayload,
  server: ServerListing,
  publicUrl: (path: string) => string,
) {
  const fieldsMatch = Object.entries(edit.changes).every(([field, value]) =>
    same(server.fields[field as EditField], value),
  )
  return fieldsMatch && (edit.photos === null || same(imageUrlsOf(edit.photos, publicUrl), server.imageUrls))
}

/**
 * What the edit started from. An edit queued by an app that did not know the property facts yet has none in
 * it: it neither saw nor changed them, so they are the server's (never taken as cleared).
 */
const baseOf = (edit: ListingEditPayload, server: ServerListing): EditFields => ({
  ...server.fields,
  ...edit.base,
})

/** True when the server holds the listing exactly as the edit started from it (nobody changed it since). */
export const isUnchangedSince = (edit: ListingEditPayload, server: ServerListing): boolean =>
  same(baseOf(edit, server), server.fields) && same(edit.basePhotos, server.imageUrls)

/** The image_urls an edit's photos become once uploaded. */
export const imageUrlsOf = (photos: readonly EditPhoto[], publicUrl: (path: string) => string): string[] =>
  photos.map((photo) => ('url' in photo ? photo.url : publicUrl(photo.path)))

/**
 * The questions a stale edit asks, each a field or fields that only make sense together: the address with its
 * place, the offer with its prices, the EPC with its exemption's reason, the band with its rates, the tenure with
 * its lease, availability now or from a date. A choice takes or leaves the whole group.
 */
export const DIFF_GROUPS = {
  type: ['type'],
  status: ['status'],
  name: ['name'],
  bedrooms: ['bedrooms'],
  bathrooms: ['bathrooms'],
  parking: ['parking'],
  furnished: ['furnished'],
  location: ['location', 'latitude', 'longitude'],
  description: ['description'],
  price: ['offer', 'regular_price', 'discounted_price'],
  propertyType: ['property_type'],
  floorArea: ['floor_area_m2'],
  epc: ['epc_rating', 'epc_exempt_reason'],
  councilTax: ['council_tax_band', 'rates_per_year'],
  tenure: ['tenure', 'lease_years_left', 'ground_rent_per_year', 'service_charge_per_year'],
  deposit: ['deposit'],
  available: ['available_now', 'available_from'],
  minTenancy: ['min_tenancy_months'],
  billsIncluded: ['bills_included'],
  petsConsidered: ['pets_considered'],
} as const satisfies Record<string, readonly EditField[]>

export type DiffGroup = keyof typeof DIFF_GROUPS
export type DiffField = DiffGroup | 'photos'
export type Side = 'mine' | 'theirs'

/** One row of the choice the person makes after a stale edit: their value and the server's. */
export type EditDiff =
  | { field: DiffGroup; mine: Partial<EditFields>; theirs: Partial<EditFields>; preferred: Side }
  | { field: 'photos'; mine: EditPhoto[]; theirs: string[]; preferred: Side }

const pick = (fields: EditFields, names: readonly EditField[]): Partial<EditFields> =>
  Object.fromEntries(names.map((name) => [name, fields[name]])) as Partial<EditFields>

/**
 * Where the person's edit and the server's listing differ, question by question: what either side changed
 * since the edit started (both changing it to the same value is no question). `preferred` is the side that
 * changed it (the person's when both did), the choice offered first.
 */
export function editDiffs(edit: ListingEditPayload, server: ServerListing): EditDiff[] {
  const diffs: EditDiff[] = []
  const mineAll: EditFields = { ...baseOf(edit, server), ...edit.changes }
  for (const [group, names] of Object.entries(DIFF_GROUPS) as [DiffGroup, readonly EditField[]][]) {
    const mine = pick(mineAll, names)
    const theirs = pick(server.fields, names)
    if (same(mine, theirs)) continue
    const changedByMe = names.some((name) => name in edit.changes)
    diffs.push({ field: group, mine, theirs, preferred: changedByMe ? 'mine' : 'theirs' })
  }
  const myPhotos = edit.photos ?? edit.basePhotos.map((url) => ({ url }))
  if (
    !same(
      myPhotos,
      server.imageUrls.map((url) => ({ url })),
    )
  ) {
    diffs.push({
      field: 'photos',
      mine: myPhotos,
      theirs: server.imageUrls,
      preferred: edit.photos ? 'mine' : 'theirs',
    })
  }
  return diffs
}

/**
 * The edit to send after the person chose, question by question: it starts from the server's listing and
 * version, and changes only what they chose to keep of theirs (a status the resulting type lacks becomes
 * `available`, as the form does). Photos the server does not keep stay known, so they are removed from
 * storage once the update is in.
 */
export function settleEdit(
  edit: ListingEditPayload,
  server: ServerListing,
  choices: Partial<Record<DiffField, Side>>,
): ListingEditPayload {
  let changes: Partial<EditFields> = {}
  let photos: EditPhoto[] | null = null
  for (const diff of editDiffs(edit, server)) {
    if ((choices[diff.field] ?? diff.preferred) !== 'mine') continue
    if (diff.field === 'photos') photos = diff.mine
    else changes = { ...changes, ...diff.mine }
  }
  const result = { ...server.fields, ...changes }
  const status = statusForType(result.status, result.type)
  if (status !== result.status) changes.status = status
  // Facts the resulting listing cannot have (a deposit on a sale, a lease on a freehold) go, as the form does.
  changes = { ...changes, ...factsThatCannotStay(result) }
  return {
    ...edit,
    version: server.version,
    chained: false,
    base: server.fields,
    basePhotos: server.imageUrls,
    changes: changedFields(server.fields, { ...server.fields, ...changes }),
    photos,
    knownUrls: [...new Set([...edit.knownUrls, ...server.imageUrls])],
  }
}

const RENT_FACTS = [
  'deposit',
  'available_now',
  'available_from',
  'min_tenancy_months',
  'bills_included',
  'pets_considered',
] as const satisfies readonly EditField[]
const LEASE_FACTS = ['lease_years_left', 'ground_rent_per_year', 'service_charge_per_year'] as const

/** The facts a listing's other fields rule out, each as null, among those it holds. */
function factsThatCannotStay(fields: EditFields): Partial<EditFields> {
  const out: Partial<EditFields> = {}
  const clear = (names: readonly EditField[]) => {
    for (const name of names)
      if (fields[name] !== null && fields[name] !== undefined) Object.assign(out, { [name]: null })
  }
  if (fields.type === 'sale') clear(RENT_FACTS)
  if (fields.type === 'rent') clear(['tenure'])
  if (fields.type === 'rent' || fields.tenure !== 'leasehold') clear(LEASE_FACTS)
  if (fields.epc_rating !== 'exempt') clear(['epc_exempt_reason'])
  if (fields.council_tax_band !== 'rates') clear(['rates_per_year'])
  if (fields.available_now) clear(['available_from'])
  return out
}
