import type { ReactNode } from 'react'
import { ChoiceToggle } from '../choice-toggle'
import { TextField } from '../text-field'
import { LISTING_LIMITS } from './listing-schema'
import type { ListingFormFields } from './use-listing-form'

const TYPE_CHOICES = [
  { value: 'sale', label: 'Sell' },
  { value: 'rent', label: 'Rent' },
] as const

export const YES_NO = [
  { value: true, label: 'Yes' },
  { value: false, label: 'No' },
] as const

type ListingBasicsSectionProps = {
  fields: ListingFormFields
  /** Controls shown after Sell / Rent (the edit form's status), told when the type changes. */
  afterType?: ReactNode
  onTypeChange?: (type: ListingFormFields['values']['type']) => void
}

/** The home itself: sell or rent, its name, rooms, parking and furniture. */
export function ListingBasicsSection({ fields, afterType, onTypeChange }: ListingBasicsSectionProps) {
  const { values, set, field } = fields
  return (
    <>
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
        autoComplete="off"
        hint={`${LISTING_LIMITS.nameMin} to ${LISTING_LIMITS.nameMax} characters`}
        {...field('name')}
      />
      <div className="form__row">
        <TextField
          label="Bedrooms"
          type="number"
          inputMode="numeric"
          min={LISTING_LIMITS.roomsMin}
          max={LISTING_LIMITS.roomsMax}
          {...field('bedrooms')}
        />
        <TextField
          label="Bathrooms"
          type="number"
          inputMode="numeric"
          min={LISTING_LIMITS.roomsMin}
          max={LISTING_LIMITS.roomsMax}
          {...field('bathrooms')}
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
    </>
  )
}
