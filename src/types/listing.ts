import * as z from 'zod/mini'
import type { TableRow } from './database'

export const LISTING_TYPES = ['rent', 'sale'] as const
export type ListingType = (typeof LISTING_TYPES)[number]
export const listingTypeSchema = z.enum(LISTING_TYPES)

/** A row of public.listings as PostgREST returns it (snake_case); its type comes from src/types/database.ts. */
export type ListingRow = TableRow<'listings'>

/**
 * The runtime check of a listings row. `satisfies` ties it to ListingRow: a column added to the database types
 * and not here is a type error, and LISTING_COLUMNS (what every read selects) follows this object's keys.
 */
export const listingRowSchema = z.object({
  id: z.string(),
  type: listingTypeSchema,
  name: z.string(),
  bedrooms: z.number(),
  bathrooms: z.number(),
  parking: z.boolean(),
  furnished: z.boolean(),
  location: z.string(),
  offer: z.boolean(),
  regular_price: z.number(),
  discounted_price: z.nullable(z.number()),
  image_urls: z.array(z.string()),
  latitude: z.nullable(z.number()),
  longitude: z.nullable(z.number()),
  created_at: z.string(),
  updated_at: z.nullable(z.string()),
  user_ref: z.string(),
}) satisfies z.ZodMiniType<ListingRow>

/** The Recommended slider shows the 5 newest listings (spec §2, §9). */
export const RECOMMENDED_COUNT = 5

/** The columns every listing read selects: those of listingRowSchema, in its order. */
export const LISTING_COLUMNS = Object.keys(listingRowSchema.shape).join(',')

/**
 * A listing in the app's words (spec §3). The shapes around it derive from it: the device's copy
 * (StoredListing), a card (ListingCardData picks from it), a place in a list (ListingPosition), and the
 * validated form (ListingDraft in the listing form).
 */
export type Listing = {
  id: string
  type: ListingType
  name: string
  bedrooms: number
  bathrooms: number
  parking: boolean
  furnished: boolean
  location: string
  offer: boolean
  regularPrice: number
  /** Only kept when offer is true. */
  discountedPrice: number | null
  /** The first is the cover. */
  imageUrls: string[]
  geolocation: { lat: number; lng: number } | null
  /** Server time of creation (ISO 8601). */
  createdAt: string
  updatedAt: string | null
  /** The owner's user id. */
  userRef: string
}

export function toListing(row: ListingRow): Listing {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    bedrooms: row.bedrooms,
    bathrooms: row.bathrooms,
    parking: row.parking,
    furnished: row.furnished,
    location: row.location,
    offer: row.offer,
    regularPrice: row.regular_price,
    discountedPrice: row.offer ? row.discounted_price : null,
    imageUrls: row.image_urls,
    geolocation:
      row.latitude !== null && row.longitude !== null ? { lat: row.latitude, lng: row.longitude } : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    userRef: row.user_ref,
  }
}

/** Parses rows from the API; a row that breaks the contract is an error, not a silent hole. */
export function parseListingRows(rows: unknown): Listing[] {
  return z.array(listingRowSchema).parse(rows).map(toListing)
}

/** Where a listing sits in newest-first order (created_at desc, id desc): a list view's entry, a page's cursor. */
export type ListingPosition = Pick<Listing, 'id' | 'createdAt'>

export const positionOf = (listing: ListingPosition): ListingPosition => ({
  id: listing.id,
  createdAt: listing.createdAt,
})

/**
 * What the listing form holds, as typed (text stays text until the schema reads it). A draft kept on the device
 * stores exactly this; the form adds the chosen images.
 */
export type ListingFormText = {
  type: ListingType
  name: string
  bedrooms: string
  bathrooms: string
  parking: boolean
  furnished: boolean
  address: string
  offer: boolean
  regularPrice: string
  discountedPrice: string
  latitude: string
  longitude: string
}
