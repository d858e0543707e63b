import { ChoiceToggle } from '../choice-toggle'
import { TextField } from '../text-field'
import { YES_NO } from './listing-basics-section'
import { LISTING_LIMITS } from './listing-schema'
import type { ListingFormFields } from './use-listing-form'

/** The price: an offer or not, the regular price and, with an offer, the discounted one. */
export function ListingPriceSection({ fields }: { fields: ListingFormFields }) {
  const { values, set, field } = fields
  const perMonth = values.type === 'rent' ? ' (£ / month)' : ' (£)'
  const price = {
    type: 'number',
    inputMode: 'numeric',
    min: LISTING_LIMITS.priceMin,
    max: LISTING_LIMITS.priceMax,
  } as const
  return (
    <>
      <ChoiceToggle legend="Offer" choices={YES_NO} value={values.offer} onChange={(v) => set('offer', v)} />
      <TextField label={`Regular price${perMonth}`} {...price} {...field('regularPrice')} />
      {values.offer ? (
        <TextField label={`Discounted price${perMonth}`} {...price} {...field('discountedPrice')} />
      ) : null}
    </>
  )
}
