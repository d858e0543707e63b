import { useState } from 'react'
import { env } from '../../config/env'
import { type FormFields, useFormFields } from '../../hooks/use-form-fields'
import type { FieldErrors } from '../../utils/field-errors'
import { lacksPublishingFacts } from '../../utils/property-facts'
import {
  LISTING_MESSAGES,
  type ListingDraft,
  type ListingField,
  type ListingFormValues,
  type ListingSchemaOptions,
  validateListing,
} from './listing-schema'
import { readPropertyFacts } from './property-facts-schema'

/** What the screen does with a valid draft; field errors it returns are shown on the form. */
export type SubmitListing = (
  draft: ListingDraft,
  images: File[],
  values: ListingFormValues,
) => Promise<FieldErrors<ListingField> | undefined>

/** The listing form's state, which its sections read and change. */
export type ListingFormFields = FormFields<ListingFormValues>

/** The spec's address message when the geocoder finds nothing; nothing when it cannot be asked. */
async function checkAddress(address: string): Promise<string | undefined> {
  const text = address.trim()
  if (!env.geocoding || !navigator.onLine || text === '') return undefined
  const { geocodeAddress } = await import('../../lib/geocode-address')
  const place = await geocodeAddress(text).catch(() => undefined)
  return place === null ? LISTING_MESSAGES.addressNotFound : undefined
}

/**
 * An edit asks for the facts publishing needs only when the listing had them: one published before the facts
 * can still be saved (its status changed, a typo mended) while Your Listings asks for them; one that has them
 * cannot lose them. A sale that becomes a rent is a new letting advert and needs its deposit, as the database
 * says. Its `Available from` may stay as it was, even if that day has passed.
 */
function editFactRules(initial: ListingFormValues): Partial<ListingSchemaOptions> {
  return {
    factsRequired: !lacksPublishingFacts(initial.type, readPropertyFacts(initial)),
    keptAvailableFrom: initial.availability === 'date' ? initial.availableFrom.trim() : null,
    typeAsWas: initial.type === 'rent' || initial.type === 'sale' ? initial.type : null,
  }
}

type Checked = { draft: ListingDraft } | { errors: FieldErrors<ListingField> }

/**
 * Every problem in one round: the address is looked up while the other fields are checked, so a wrong
 * address shows with the rest instead of after they are fixed. Offline, publishing checks it later.
 */
async function checkListing(
  values: ListingFormValues,
  mode: 'create' | 'edit',
  initial: ListingFormValues,
): Promise<Checked> {
  const result = validateListing(values, {
    images: mode === 'create' ? 'required' : 'none',
    coordinates: env.geocoding ? 'geocoded' : 'manual',
    ...(mode === 'edit' ? editFactRules(initial) : {}),
  })
  const addressError = result.ok || !result.errors.address ? await checkAddress(values.address) : undefined
  if (result.ok) return addressError ? { errors: { address: addressError } } : { draft: result.draft }
  return { errors: addressError ? { ...result.errors, address: addressError } : result.errors }
}

/**
 * The Create a Listing / Edit Listing form's state: the shared form state (useFormFields) over the listing's
 * values, the photos chosen (Files, which the values only describe), and its two ways out: publish (checked
 * first) and keep as a draft (as it is, complete or not).
 */
export function useListingForm(opts: {
  mode: 'create' | 'edit'
  initialValues: ListingFormValues
  initialFiles?: File[]
  initialErrors?: FieldErrors<ListingField>
  onSubmit: SubmitListing
  onSaveDraft?: (values: ListingFormValues, images: File[]) => Promise<void>
}) {
  const { mode, initialFiles, onSubmit, onSaveDraft } = opts
  const fields = useFormFields(
    initialFiles ? { ...opts.initialValues, images: initialFiles } : opts.initialValues,
    opts.initialErrors,
  )
  const [photos, setPhotos] = useState<File[]>(initialFiles ?? [])
  const choosePhotos = (chosen: File[]) => {
    setPhotos(chosen)
    fields.set('images', chosen)
  }

  const publish = () =>
    fields.submit(async () => {
      const checked = await checkListing(fields.values, mode, opts.initialValues)
      if ('errors' in checked) return checked.errors
      return onSubmit(checked.draft, photos, fields.values)
    })

  // A draft may be incomplete: it is checked when it is sent, and reopens with its messages.
  const saveDraft = onSaveDraft
    ? () =>
        fields.submit(async () => {
          await onSaveDraft(fields.values, photos)
          return undefined
        })
    : undefined

  return { fields, photos, choosePhotos, publish, saveDraft }
}
