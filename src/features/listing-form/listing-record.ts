import * as z from 'zod/mini'
import type { ListingCardData } from '../../components/listing-card'
import { LISTING_COLUMNS, type ListingRow, listingRowSchema } from '../../types/listing'
import type { ListingFormValues } from './listing-schema'

/** The form and the owner's list read the same columns as every other listing read. */
export const LISTING_RECORD_COLUMNS = LISTING_COLUMNS

/** A listing row as the owner's screens need it (snake_case, as PostgREST returns it). */
export type ListingRecord = ListingRow

const listingRecordSchema = listingRowSchema

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
