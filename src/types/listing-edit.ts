import { FACT_COLUMNS, type FactColumn } from '../utils/property-fact-columns'
import type { ListingDescriptionKey, ListingRow } from './listing'

// A change to a published listing made on this device, as the outbox keeps it (kind `listing.edit`) until the
// server takes it, and how queued changes lay over the listing. It carries the version it started from: the
// server refuses it when the listing changed in between, and the person then chooses, field by field.

export const LISTING_EDIT_KIND = 'listing.edit'

/** The outbox's unit of order for a listing's changes: every edit of one listing goes in turn. */
export const listingThing = (listingId: string) => `listing:${listingId}`

/** The columns of public.listings an edit can change, as the server names them (photos apart). */
export type EditFields = Omit<
  Pick<
    ListingRow,
    | ListingDescriptionKey
    | 'regular_price'
    | 'discounted_price'
    | 'latitude'
    | 'longitude'
    | 'status'
    | FactColumn
  >,
  'latitude' | 'longitude'
> & {
  /** The place; null while an address changed offline waits to be looked up when it is sent. */
  latitude: ListingRow['latitude'] | null
  longitude: ListingRow['longitude'] | null
}

export type EditField = keyof EditFields

/** Every field an edit can change, in the order the form shows them. */
export const EDIT_FIELD_ORDER: readonly EditField[] = [
  'type',
  'status',
  'name',
  'bedrooms',
  'bathrooms',
  'parking',
  'furnished',
  'location',
  'latitude',
  'longitude',
  'description',
  'offer',
  'regular_price',
  'discounted_price',
  ...FACT_COLUMNS,
]

/** A photo of an edited listing: one already on the server (its URL), or one kept on the device until uploaded. */
export type EditPhoto = { url: string } | { photoId: string; name: string; path: string }

export type ListingEditPayload = {
  listingId: string
  /** The version of the listing the edit started from: the update is refused when the server's differs. */
  version: number
  /**
   * True when the edit started from an earlier edit of the same listing still queued: it takes the version
   * that edit leaves when it is sent, rather than being refused by it.
   */
  chained: boolean
  /** The fields and photos as the edit started from them (what "their change" is compared with). */
  base: EditFields
  basePhotos: string[]
  /** Only the fields the person changed. */
  changes: Partial<EditFields>
  /** The photos in their new order, or null when the edit leaves them as they are. */
  photos: EditPhoto[] | null
  /** True when the address changed offline: it is looked up (its latitude and longitude) when the edit is sent. */
  locate: boolean
  /** Photo URLs this edit may leave unused: removed from storage after the update when the row no longer has them. */
  knownUrls: string[]
}

declare module '../lib/outbox/payloads' {
  interface OutboxPayloads {
    [LISTING_EDIT_KIND]: ListingEditPayload
  }
}

/** Fired when a listing edit is queued outside the edit screen (Your Listings): the app's sender sends it. */
export const LISTING_EDIT_QUEUED_EVENT = 'roost:listing-edit-queued'

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

/** The fields of `next` that differ from `base`. */
export function changedFields(base: EditFields, next: EditFields): Partial<EditFields> {
  const changes: Partial<EditFields> = {}
  for (const field of EDIT_FIELD_ORDER) {
    if (!same(base[field], next[field])) Object.assign(changes, { [field]: next[field] })
  }
  return changes
}

/** The URL of every photo already on the server, in order (a photo kept on the device has none yet). */
export const photoUrls = (photos: readonly EditPhoto[]): string[] =>
  photos.flatMap((photo) => ('url' in photo ? [photo.url] : []))

/** The fields and photos after the queued edits, in order, over what the device last saw of the listing. */
export function afterEdits(
  seen: { fields: EditFields; imageUrls: string[] },
  edits: readonly ListingEditPayload[],
): { fields: EditFields; photos: EditPhoto[] } {
  let fields = seen.fields
  let photos: EditPhoto[] = seen.imageUrls.map((url) => ({ url }))
  for (const edit of edits) {
    fields = { ...fields, ...edit.changes }
    if (edit.photos) photos = edit.photos
  }
  return { fields, photos }
}

/** Why the server refused an edit, as the outbox keeps it (the entry's reason). */
export const EDIT_REFUSALS = {
  conflict: 'listing_version_conflict',
  deleted: 'listing_deleted',
} as const
