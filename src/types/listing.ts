import * as z from 'zod/mini'

export const LISTING_TYPES = ['rent', 'sale'] as const
export type ListingType = (typeof LISTING_TYPES)[number]
export const listingTypeSchema = z.enum(LISTING_TYPES)

/** A row of public.listings as PostgREST returns it (snake_case). */
export const listingRowSchema = z.object({
  id: z.string(),
  type: listingTypeSchema,
  name: z.string(),
  bedrooms: z.number(),
  bathrooms: z.number(),
  parking: z.boolean(),
  furnished: z.boolean(),
  location: z.string(),
  /** Optional text; absent from listings read or stored before descriptions existed. */
  description: z.optional(z.nullable(z.string())),
  offer: z.boolean(),
  regular_price: z.number(),
  discounted_price: z.nullable(z.number()),
  image_urls: z.array(z.string()),
  latitude: z.nullable(z.number()),
  longitude: z.nullable(z.number()),
  created_at: z.string(),
  updated_at: z.nullable(z.string()),
  user_ref: z.string(),
})
export type ListingRow = z.infer<typeof listingRowSchema>

/** The Recommended slider shows the 5 newest listings (spec §2, §9). */
export const RECOMMENDED_COUNT = 5

/** The columns every listing read selects, in the order of listingRowSchema. */
export const LISTING_COLUMNS =
  'id,type,name,bedrooms,bathrooms,parking,furnished,location,offer,regular_price,discounted_price,image_urls,latitude,longitude,created_at,updated_at,user_ref'

/** A listing in the app's words (spec §3). */
export type Listing = {
  id: string
  type: ListingType
  name: string
  bedrooms: number
  bathrooms: number
  parking: boolean
  furnished: boolean
  location: string
  /** The landlord's words about the home; absent from copies the device kept before descriptions existed. */
  description?: string | null
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
    description: row.description ?? null,
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
