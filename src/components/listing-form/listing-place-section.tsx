import { env } from '../../config/env'
import { TextField } from '../text-field'
import { LISTING_LIMITS } from './listing-schema'
import type { ListingFormFields } from './use-listing-form'

/** Where the home is (the address, and its coordinates when there is no geocoder) and the landlord's words. */
export function ListingPlaceSection({ fields }: { fields: ListingFormFields }) {
  const { field } = fields
  return (
    <>
      <TextField label="Address" multiline autoComplete="street-address" {...field('address')} />
      {env.geocoding ? null : (
        <div className="form__row">
          <TextField label="Latitude" inputMode="decimal" {...field('latitude')} />
          <TextField label="Longitude" inputMode="decimal" {...field('longitude')} />
        </div>
      )}
      <TextField
        label="Description"
        multiline
        rows={5}
        hint={`Optional, up to ${LISTING_LIMITS.descriptionMax.toLocaleString('en-GB')} characters`}
        {...field('description')}
      />
    </>
  )
}
