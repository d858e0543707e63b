import * as z from 'zod/mini'
import type { Listing, ListingDescriptionKey, ListingFormText } from '../../types/listing'
import { toFieldErrors } from '../../utils/field-errors'
import type { PropertyFacts } from '../../utils/property-facts'
import {
  DEFAULT_FACT_VALUES,
  FACT_FIELD_ORDER,
  FACT_MESSAGES,
  factIssues,
  readPropertyFacts,
  ukToday,
} from './property-facts-schema'

/** Spec §5 and §9: the limits of a listing. */
export const LISTING_LIMITS = {
  nameMin: 10,
  nameMax: 32,
  descriptionMax: 2000,
  roomsMin: 1,
  roomsMax: 50,
  priceMin: 50,
  priceMax: 750_000_000,
  maxImages: 6,
} as const

export const IMAGE_ACCEPT = '.jpg,.jpeg,.png'

/** Every message the listing form shows; the three of spec §5 are copied exactly. */
export const LISTING_MESSAGES = {
  nameRequired: 'Enter a name for the listing',
  nameTooShort: 'Name must be at least 10 characters',
  nameTooLong: 'Name must be 32 characters or fewer',
  bedroomsRequired: 'Enter the number of bedrooms',
  bedroomsRange: 'Bedrooms must be a whole number from 1 to 50',
  bathroomsRequired: 'Enter the number of bathrooms',
  bathroomsRange: 'Bathrooms must be a whole number from 1 to 50',
  regularPriceRequired: 'Enter the regular price',
  regularPriceRange: 'Regular price must be a whole number from 50 to 750,000,000',
  discountedPriceRequired: 'Enter the discounted price',
  discountedPriceRange: 'Discounted price must be a whole number from 50 to 750,000,000',
  discountedPriceNotLower: 'Discounted price needs to be less than regular price!',
  addressRequired: 'Enter the address',
  addressNotFound: 'Please enter a correct address',
  descriptionTooLong: 'Description must be 2,000 characters or fewer',
  latitudeRange: 'Enter a latitude from -90 to 90',
  longitudeRange: 'Enter a longitude from -180 to 180',
  imagesRequired: 'Choose at least one image',
  imagesTooMany: 'Max 6 images only!',
  imagesWrongType: 'Images must be .jpg, .jpeg or .png files',
  ...FACT_MESSAGES,
} as const

/** A chosen image as the schema sees it: a File in the browser, anything with a name in tests. */
export type ImageChoice = { name: string; type: string; size: number }

/** What the form holds: text inputs stay text until the schema reads them; a draft keeps the same. */
export type ListingFormValues = ListingFormText & { images: ImageChoice[] }

export type ListingField = keyof ListingFormValues

/** Spec §5 defaults: rent, one bedroom, one bathroom, everything else false or empty. */
export const DEFAULT_LISTING_VALUES: ListingFormValues = {
  type: 'rent',
  name: '',
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
  images: [],
}

/** The fields in the order the form shows them, so focus goes to the first invalid one. */
export const LISTING_FIELD_ORDER: readonly ListingField[] = [
  'type',
  'name',
  'bedrooms',
  'bathrooms',
  'parking',
  'furnished',
  'address',
  'latitude',
  'longitude',
  'description',
  'offer',
  'regularPrice',
  'discountedPrice',
  ...FACT_FIELD_ORDER,
  'images',
]

/** A validated listing, ready to geocode, upload and save. */
export type ListingDraft = Pick<Listing, ListingDescriptionKey | 'regularPrice' | 'discountedPrice'> & {
  /** Set when coordinates are typed in (geocoding off); otherwise the geocoder fills them. */
  coordinates: { lat: number; lng: number } | null
  images: ImageChoice[]
} & PropertyFacts

export type ListingSchemaOptions = {
  /** Create needs images; edit shows no image input (spec §5). */
  images: 'required' | 'none'
  /** Geocoded from the address, or typed in when geocoding is off. */
  coordinates: 'geocoded' | 'manual'
  /**
   * Whether saving needs the facts publishing needs (an EPC rating or exempt, a council tax band and, for rent,
   * the deposit): a new listing does (the default); an edit of a listing published without them does not.
   */
  factsRequired?: boolean
  /** Today in the UK (`2026-11-28`); by default the clock's. */
  today?: string
  /** An edit's `Available from` as it was: unchanged, it may have passed. */
  keptAvailableFrom?: string | null
  /** An edit's type as it was: one that becomes a rent needs its deposit, as a new letting advert does. */
  typeAsWas?: 'rent' | 'sale' | null
}

const WHOLE_NUMBER = /^\d+$/

/** A whole number from min to max written in the text, or undefined. */
export function readWholeNumber(text: string, min: number, max: number): number | undefined {
  const trimmed = text.trim()
  if (!WHOLE_NUMBER.test(trimmed)) return undefined
  const n = Number(trimmed)
  return n >= min && n <= max ? n : undefined
}

function readCoordinate(text: string, limit: number): number | undefined {
  const trimmed = text.trim()
  if (trimmed === '') return undefined
  const n = Number(trimmed)
  return Number.isFinite(n) && Math.abs(n) <= limit ? n : undefined
}

// Control characters other than line breaks and tabs, which the database refuses in a description.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point
const CONTROL = /[\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f]/g
// A character that shows: text of only spaces, line breaks or zero-width marks is no description.
const VISIBLE = /[^\s\u180e\u200b-\u200f\u2060-\u2064\ufeff]/u

/** The description as it is saved: trimmed, without control characters; empty when nothing in it shows. */
export function readDescription(text: string): string {
  const cleaned = text.replace(CONTROL, '').trim()
  return VISIBLE.test(cleaned) ? cleaned : ''
}

const isAcceptedImage = (image: ImageChoice) => /\.(jpe?g|png)$/i.test(image.name)

const wholeNumberText = (required: string, range: string, min: number, max: number) =>
  z.string().check(
    z.refine((text) => text.trim() !== '', required),
    z.refine((text) => text.trim() === '' || readWholeNumber(text, min, max) !== undefined, range),
  )

const imageChoice = z.custom<ImageChoice>(
  (value) => typeof value === 'object' && value !== null && typeof (value as ImageChoice).name === 'string',
)

const L = LISTING_LIMITS
const M = LISTING_MESSAGES

/** The facts as the schema takes them: text and choices, read together by factIssues and readPropertyFacts. */
const factShape = Object.fromEntries(
  Object.keys(DEFAULT_FACT_VALUES).map((field) => [field, z.string()]),
) as {
  [F in keyof typeof DEFAULT_FACT_VALUES]: z.ZodMiniString
}

/** Spec §5 as one schema: the form and its unit tests both use it. */
export function listingSchema(options: ListingSchemaOptions) {
  return z.pipe(
    z
      .object({
        type: z.enum(['rent', 'sale']),
        name: z.string().check(
          z.refine((text) => text.trim() !== '', M.nameRequired),
          z.refine((text) => text.trim() === '' || text.trim().length >= L.nameMin, M.nameTooShort),
          z.refine((text) => text.trim().length <= L.nameMax, M.nameTooLong),
        ),
        bedrooms: wholeNumberText(M.bedroomsRequired, M.bedroomsRange, L.roomsMin, L.roomsMax),
        bathrooms: wholeNumberText(M.bathroomsRequired, M.bathroomsRange, L.roomsMin, L.roomsMax),
        parking: z.boolean(),
        furnished: z.boolean(),
        address: z.string().check(z.refine((text) => text.trim() !== '', M.addressRequired)),
        offer: z.boolean(),
        regularPrice: wholeNumberText(M.regularPriceRequired, M.regularPriceRange, L.priceMin, L.priceMax),
        discountedPrice: z.string(),
        latitude: z.string(),
        longitude: z.string(),
        description: z
          .string()
          .check(z.refine((text) => readDescription(text).length <= L.descriptionMax, M.descriptionTooLong)),
        images: z.array(imageChoice),
        ...factShape,
      })
      .check(
        z.superRefine((values, ctx) => {
          const issue = (path: ListingField, message: string) =>
            ctx.issues.push({ code: 'custom', path: [path], message, input: values[path] })

          // The discounted price only exists when the listing is on offer.
          if (values.offer) {
            const discounted = values.discountedPrice.trim()
            const regular = readWholeNumber(values.regularPrice, L.priceMin, L.priceMax)
            const discount = readWholeNumber(discounted, L.priceMin, L.priceMax)
            if (discounted === '') issue('discountedPrice', M.discountedPriceRequired)
            else if (discount === undefined) issue('discountedPrice', M.discountedPriceRange)
            else if (regular !== undefined && discount >= regular)
              issue('discountedPrice', M.discountedPriceNotLower)
          }

          if (options.coordinates === 'manual') {
            if (readCoordinate(values.latitude, 90) === undefined) issue('latitude', M.latitudeRange)
            if (readCoordinate(values.longitude, 180) === undefined) issue('longitude', M.longitudeRange)
          }

          for (const [field, message] of factIssues(values as unknown as ListingFormValues, {
            required: options.factsRequired ?? true,
            today: options.today ?? ukToday(),
            keptAvailableFrom: options.keptAvailableFrom ?? null,
            typeAsWas: options.typeAsWas ?? null,
          }))
            ctx.issues.push({ code: 'custom', path: [field], message, input: values })

          if (options.images === 'required') {
            if (values.images.length === 0) issue('images', M.imagesRequired)
            else if (values.images.length > L.maxImages) issue('images', M.imagesTooMany)
            else if (!values.images.every(isAcceptedImage)) issue('images', M.imagesWrongType)
          }
        }),
      ),
    z.transform(
      (values): ListingDraft => ({
        type: values.type,
        name: values.name.trim(),
        bedrooms: Number(values.bedrooms.trim()),
        bathrooms: Number(values.bathrooms.trim()),
        parking: values.parking,
        furnished: values.furnished,
        location: values.address.trim(),
        description: readDescription(values.description) || null,
        offer: values.offer,
        regularPrice: Number(values.regularPrice.trim()),
        discountedPrice: values.offer ? Number(values.discountedPrice.trim()) : null,
        coordinates:
          options.coordinates === 'manual'
            ? { lat: Number(values.latitude.trim()), lng: Number(values.longitude.trim()) }
            : null,
        images: options.images === 'required' ? values.images : [],
        ...readPropertyFacts(values as unknown as ListingFormValues),
      }),
    ),
  )
}

export type ListingValidation =
  | { ok: true; draft: ListingDraft }
  | { ok: false; errors: Partial<Record<ListingField, string>> }

/** Validates the form's values: a draft, or one message per field that broke a rule. */
export function validateListing(values: ListingFormValues, options: ListingSchemaOptions): ListingValidation {
  const result = listingSchema(options).safeParse(values)
  if (result.success) return { ok: true, draft: result.data }
  return { ok: false, errors: toFieldErrors<ListingField>(result.error.issues) }
}
