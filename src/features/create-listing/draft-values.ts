import { DEFAULT_LISTING_VALUES } from '../../components/listing-form/listing-schema'
import { toFactValues } from '../../components/listing-form/property-facts-schema'
import type { ListingFormText as DraftValues } from '../../types/listing'

const TEXT_FIELDS = [
  'name',
  'bedrooms',
  'bathrooms',
  'address',
  'description',
  'regularPrice',
  'discountedPrice',
  'latitude',
  'longitude',
] as const
const YES_NO_FIELDS = ['parking', 'furnished', 'offer'] as const

/**
 * A draft's values as they are kept: whatever the form holds, checked for type only (a draft may be
 * incomplete). A field that is missing or of the wrong type takes the form's default.
 */
export function toDraftValues(input: unknown): DraftValues {
  const source = typeof input === 'object' && input !== null ? (input as Record<string, unknown>) : {}
  const { images: _photos, ...defaults } = DEFAULT_LISTING_VALUES
  // The facts as kept (a draft kept before them has none: their defaults).
  const values: DraftValues = { ...defaults, ...toFactValues(source) }
  if (source.type === 'rent' || source.type === 'sale') values.type = source.type
  for (const field of TEXT_FIELDS) {
    const value = source[field]
    if (typeof value === 'string') values[field] = value
  }
  for (const field of YES_NO_FIELDS) {
    const value = source[field]
    if (typeof value === 'boolean') values[field] = value
  }
  return values
}
