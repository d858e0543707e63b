import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react'
import { Button } from '../../../components/button'
import { ChoiceToggle } from '../../../components/choice-toggle'
import { PhotoPicker } from '../../../components/photo-picker'
import { ProgressBar } from '../../../components/progress-bar'
import { Spinner } from '../../../components/spinner'
import { TextField } from '../../../components/text-field'
import { env } from '../../../config/env'
import { focusFirstInvalid } from '../../../utils/field-errors'
import {
  IMAGE_ACCEPT,
  LISTING_LIMITS,
  LISTING_MESSAGES,
  type ListingDraft,
  type ListingField,
  type ListingFormValues,
  validateListing,
} from '../listing-schema'
import './listing-form.css'

/** What the screen does with a valid draft; field errors it returns are shown on the form. */
export type SubmitListing = (
  draft: ListingDraft,
  images: File[],
  values: ListingFormValues,
) => Promise<Partial<Record<ListingField, string>> | undefined>

type ListingFormProps = {
  mode: 'create' | 'edit'
  initialValues: ListingFormValues
  onSubmit: SubmitListing
  /** Photos uploaded so far while publishing, or null when nothing is uploading. */
  uploadProgress: { done: number; total: number } | null
  /** Photos the form starts with (a draft's), replaced when the user chooses others. */
  initialFiles?: File[]
  /** Keeps the listing on the device as it is, complete or not ('Save as draft'); create only. */
  onSaveDraft?: (values: ListingFormValues, images: File[]) => Promise<void>
  /** Messages the form opens with (a draft that needs attention). */
  initialErrors?: Partial<Record<ListingField, string>>
  /** Edit only: controls shown after Sell / Rent (the status), told when the type changes. */
  afterType?: ReactNode
  onTypeChange?: (type: ListingFormValues['type']) => void
  /** Edit only: the listing's photos, shown where create shows its picker. */
  photos?: ReactNode
}

const TYPE_CHOICES = [
  { value: 'sale', label: 'Sell' },
  { value: 'rent', label: 'Rent' },
] as const

const YES_NO = [
  { value: true, label: 'Yes' },
  { value: false, label: 'No' },
] as const

/** The spec's address message when the geocoder finds nothing; nothing when it cannot be asked. */
async function checkAddress(address: string): Promise<string | undefined> {
  const text = address.trim()
  if (!env.geocoding || !navigator.onLine || text === '') return undefined
  const { geocodeAddress } = await import('../api/geocode-address')
  const place = await geocodeAddress(text).catch(() => undefined)
  return place === null ? LISTING_MESSAGES.addressNotFound : undefined
}

/** The Create a Listing / Edit Listing form (spec §5): one set of fields, images only on create. */
export function ListingForm({
  mode,
  initialValues,
  onSubmit,
  uploadProgress,
  initialFiles,
  onSaveDraft,
  initialErrors,
  afterType,
  onTypeChange,
  photos: editPhotos,
}: ListingFormProps) {
  const [values, setValues] = useState(() =>
    initialFiles ? { ...initialValues, images: initialFiles } : initialValues,
  )
  const [errors, setErrors] = useState<Partial<Record<ListingField, string>>>(initialErrors ?? {})
  const [submitting, setSubmitting] = useState(false)
  const [focusRequest, setFocusRequest] = useState(0)
  const formRef = useRef<HTMLFormElement>(null)
  const files = useRef<File[]>(initialFiles ?? [])
  const [photos, setPhotos] = useState<File[]>(files.current)
  const choosePhotos = (chosen: File[]) => {
    files.current = chosen
    setPhotos(chosen)
    set('images', chosen)
  }

  useEffect(() => {
    if (focusRequest > 0) focusFirstInvalid(formRef.current)
  }, [focusRequest])

  const set = <K extends ListingField>(field: K, value: ListingFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }))
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current))
  }
  const text = (field: ListingField) => ({
    value: values[field] as string,
    onChange: (event: { target: { value: string } }) => set(field, event.target.value),
    error: errors[field],
  })

  const showErrors = (found: Partial<Record<ListingField, string>>) => {
    setErrors(found)
    setFocusRequest((n) => n + 1)
  }

  // Every problem in one round: the address is looked up while the other fields are checked, so a wrong
  // address shows with the rest instead of after they are fixed. Offline, publishing checks it later.
  type Checked = { draft: ListingDraft } | { errors: Partial<Record<ListingField, string>> }
  const validate = async (): Promise<Checked> => {
    const result = validateListing(values, {
      images: mode === 'create' ? 'required' : 'none',
      coordinates: env.geocoding ? 'geocoded' : 'manual',
    })
    const addressError = result.ok || !result.errors.address ? await checkAddress(values.address) : undefined
    if (result.ok) return addressError ? { errors: { address: addressError } } : { draft: result.draft }
    return { errors: addressError ? { ...result.errors, address: addressError } : result.errors }
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (submitting) return
    setSubmitting(true)
    const checked = await validate()
    if ('errors' in checked) {
      // In one render: the fields come back enabled, so the first wrong one can take focus.
      setSubmitting(false)
      return showErrors(checked.errors)
    }
    try {
      const fieldErrors = await onSubmit(checked.draft, files.current, values)
      if (fieldErrors) showErrors(fieldErrors)
    } finally {
      setSubmitting(false)
    }
  }

  async function saveDraft() {
    // A draft may be incomplete: it is checked when it is sent, and reopens with its messages.
    if (submitting || !onSaveDraft) return
    setSubmitting(true)
    try {
      await onSaveDraft(values, files.current)
    } finally {
      setSubmitting(false)
    }
  }

  const uploading = uploadProgress && uploadProgress.total > 0 ? uploadProgress : null
  const perMonth = values.type === 'rent' ? ' (£ / month)' : ' (£)'

  return (
    <form
      ref={formRef}
      className="form form--card listing-form"
      noValidate
      aria-busy={submitting}
      onSubmit={handleSubmit}
    >
      <fieldset className="listing-form__fields" disabled={submitting}>
        <ChoiceToggle
          legend="Sell / Rent"
          choices={TYPE_CHOICES}
          value={values.type}
          onChange={(type) => {
            set('type', type)
            onTypeChange?.(type)
          }}
        />
        {afterType}
        <TextField
          label="Name"
          name="name"
          autoComplete="off"
          hint={`${LISTING_LIMITS.nameMin} to ${LISTING_LIMITS.nameMax} characters`}
          {...text('name')}
        />
        <div className="form__row">
          <TextField
            label="Bedrooms"
            name="bedrooms"
            type="number"
            inputMode="numeric"
            min={LISTING_LIMITS.roomsMin}
            max={LISTING_LIMITS.roomsMax}
            {...text('bedrooms')}
          />
          <TextField
            label="Bathrooms"
            name="bathrooms"
            type="number"
            inputMode="numeric"
            min={LISTING_LIMITS.roomsMin}
            max={LISTING_LIMITS.roomsMax}
            {...text('bathrooms')}
          />
        </div>
        <ChoiceToggle
          legend="Parking spot"
          choices={YES_NO}
          value={values.parking}
          onChange={(v) => set('parking', v)}
        />
        <ChoiceToggle
          legend="Furnished"
          choices={YES_NO}
          value={values.furnished}
          onChange={(v) => set('furnished', v)}
        />
        <TextField
          label="Address"
          name="address"
          multiline
          autoComplete="street-address"
          {...text('address')}
        />
        {env.geocoding ? null : (
          <div className="form__row">
            <TextField label="Latitude" name="latitude" inputMode="decimal" {...text('latitude')} />
            <TextField label="Longitude" name="longitude" inputMode="decimal" {...text('longitude')} />
          </div>
        )}
        <TextField
          label="Description"
          name="description"
          multiline
          rows={5}
          hint={`Optional, up to ${LISTING_LIMITS.descriptionMax.toLocaleString('en-GB')} characters`}
          {...text('description')}
        />
        <ChoiceToggle
          legend="Offer"
          choices={YES_NO}
          value={values.offer}
          onChange={(v) => set('offer', v)}
        />
        <TextField
          label={`Regular price${perMonth}`}
          name="regularPrice"
          type="number"
          inputMode="numeric"
          min={LISTING_LIMITS.priceMin}
          max={LISTING_LIMITS.priceMax}
          {...text('regularPrice')}
        />
        {values.offer ? (
          <TextField
            label={`Discounted price${perMonth}`}
            name="discountedPrice"
            type="number"
            inputMode="numeric"
            min={LISTING_LIMITS.priceMin}
            max={LISTING_LIMITS.priceMax}
            {...text('discountedPrice')}
          />
        ) : null}
        {mode === 'create' ? (
          <PhotoPicker
            label="Images"
            accept={IMAGE_ACCEPT}
            files={photos}
            onChange={choosePhotos}
            uploaded={uploading ? uploading.done : null}
            hint={`The first image will be the cover (max ${LISTING_LIMITS.maxImages}).${
              initialFiles?.length && photos === initialFiles
                ? ` ${initialFiles.length} kept from the draft; choosing images replaces them.`
                : ''
            }`}
            error={errors.images}
          />
        ) : (
          editPhotos
        )}
      </fieldset>
      {uploading ? (
        <ProgressBar
          label="Uploading images"
          percent={(uploading.done / uploading.total) * 100}
          valueText={`${uploading.done} of ${uploading.total}`}
        />
      ) : null}
      <Button type="submit" block disabled={submitting}>
        {submitting ? (
          <>
            <Spinner size="small" />
            Publishing…
          </>
        ) : mode === 'create' ? (
          'Create Listing'
        ) : (
          'Edit Listing'
        )}
      </Button>
      {onSaveDraft ? (
        <Button variant="secondary" block disabled={submitting} onClick={() => void saveDraft()}>
          Save as draft
        </Button>
      ) : null}
    </form>
  )
}
