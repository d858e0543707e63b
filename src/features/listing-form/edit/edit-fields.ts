import type { EditFields } from '../../../types/listing-edit'
import type { ListingDraft } from '../listing-schema'

/** The fields a validated form becomes, with its place and status. */
export function editFieldsOfDraft(
  draft: ListingDraft,
  coordinates: { lat: number; lng: number } | null,
  status: EditFields['status'],
): EditFields {
  return {
    type: draft.type,
    name: draft.name,
    bedrooms: draft.bedrooms,
    bathrooms: draft.bathrooms,
    parking: draft.parking,
    furnished: draft.furnished,
    location: draft.location,
    description: draft.description ?? null,
    offer: draft.offer,
    regular_price: draft.regularPrice,
    discounted_price: draft.offer ? draft.discountedPrice : null,
    latitude: coordinates?.lat ?? null,
    longitude: coordinates?.lng ?? null,
    status,
  }
}
