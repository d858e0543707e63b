import { type FormEvent, type ReactNode, useEffect } from 'react'
import type { FieldErrors } from '../../utils/field-errors'
import type { UkNation } from '../../utils/property-facts'
import { ListingBasicsSection } from './listing-basics-section'
import { ListingFactsSection } from './listing-facts-section'
import { ListingFormActions } from './listing-form-actions'
import { ListingPhotosSection } from './listing-photos-section'
import { ListingPlaceSection } from './listing-place-section'
import { ListingPriceSection } from './listing-price-section'
import type { ListingField, ListingFormValues } from './listing-schema'
import { type SubmitListing, useListingForm } from './use-listing-form'
import './listing-form.css'

export type { SubmitListing }

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
  initialErrors?: FieldErrors<ListingField>
  /** Edit only: controls shown after Sell / Rent (the status), told when the type changes. */
  afterType?: ReactNode
  onTypeChange?: (type: ListingFormValues['type']) => void
  /** Edit only: the listing's photos, shown where create shows its picker. */
  photos?: ReactNode
  /** The nation the listing is in, when known (an edit's saved place): its council tax bands only. */
  nation?: UkNation | null
  /** Told the values whenever the person changes one (the edit screen knows then whether anything was typed). */
  onValuesChange?: (values: ListingFormValues) => void
}

/** The Create a Listing / Edit Listing form (spec §5): one set of fields in sections, images only on create. */
export function ListingForm(props: ListingFormProps) {
  const { mode, uploadProgress, initialFiles } = props
  const { fields, photos, choosePhotos, publish, saveDraft } = useListingForm(props)
  const uploading = uploadProgress && uploadProgress.total > 0 ? uploadProgress : null
  const { onValuesChange } = props
  // biome-ignore lint/correctness/useExhaustiveDependencies: told when the values change, not when the screen's callback does.
  useEffect(() => {
    onValuesChange?.(fields.values)
  }, [fields.values])
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    void publish()
  }

  return (
    <form
      ref={fields.formRef}
      className="form form--card listing-form"
      noValidate
      aria-busy={fields.submitting}
      onSubmit={onSubmit}
    >
      <fieldset className="listing-form__fields" disabled={fields.submitting}>
        <ListingBasicsSection fields={fields} afterType={props.afterType} onTypeChange={props.onTypeChange} />
        <ListingPlaceSection fields={fields} />
        <ListingPriceSection fields={fields} />
        <ListingFactsSection
          fields={fields}
          mode={mode}
          // The saved place's nation holds while the address is the one it was found for.
          nation={fields.values.address === props.initialValues.address ? (props.nation ?? null) : null}
        />
        {mode === 'create' ? (
          <ListingPhotosSection
            photos={photos}
            onChange={choosePhotos}
            uploaded={uploading ? uploading.done : null}
            keptFromDraft={initialFiles}
            error={fields.errors.images}
          />
        ) : (
          props.photos
        )}
      </fieldset>
      <ListingFormActions
        mode={mode}
        submitting={fields.submitting}
        uploading={uploading}
        onSaveDraft={saveDraft ? () => void saveDraft() : undefined}
      />
    </form>
  )
}
