import * as z from 'zod/mini'
import type { ListingCardData } from '../../components/listing-card'
import type { ListingFormValues } from './listing-schema'

/** The columns the form and the owner's list read from public.listings. */
export const LISTING_RECORD_COLUMNS =
  'id,type,name,bedrooms,bathrooms,parking,furnished,location,offer,regular_price,discounted_price,image_urls,latitude,longitude,created_at,user_ref'

const listingRecordSchema = z.object({
  id: z.string(),
  type: z.enum(['rent', 'sale']),
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
  user_ref: z.string(),
})

/** A listing row as the owner's screens need it (snake_case, as PostgREST returns it). */
export type ListingRecord = z.infer<typeof listingRecordSchema>

export const parseListingRecord = (row: unknown): ListingRecord => listingRecordSchema.parse(row)
export const parseListingRecords = (rows: unknown): ListingRecord[] =>
  z.array(listingRecordSchema).parse(rows)

/** The card's view of a listing. */
export function toCardData(record: ListingRecord): ListingCardData {
  return {
    id: record.id,
    type: record.type,
    name: record.name,
    location: record.location,
    bedrooms: record.bedrooms,
    bathrooms: record.bathrooms,
    offer: record.offer,
    regularPrice: record.regular_price,
    discountedPrice: record.offer ? record.discounted_price : null,
    imageUrls: record.image_urls,
  }
}

/** The edit form's starting values: the saved listing, images left out (they cannot change on edit). */
export function toFormValues(record: ListingRecord): ListingFormValues {
  return {
    type: record.type,
    name: record.name,
    bedrooms: String(record.bedrooms),
    bathrooms: String(record.bathrooms),
    parking: record.parking,
    furnished: record.furnished,
    address: record.location,
    offer: record.offer,
    regularPrice: String(record.regular_price),
    discountedPrice: record.offer && record.discounted_price !== null ? String(record.discounted_price) : '',
    latitude: record.latitude === null ? '' : String(record.latitude),
    longitude: record.longitude === null ? '' : String(record.longitude),
    images: [],
  }
}
