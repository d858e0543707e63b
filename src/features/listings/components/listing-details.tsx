import { BathIcon, BedIcon, PinIcon } from '../../../components/icons'
import { ListingPrice } from '../../../components/listing-price'
import type { Listing } from '../../../types/listing'
import { formatAdded } from '../../../utils/format-added'
import { formatPounds, offerDiscount } from '../../../utils/format-price'
import { pluralise } from '../../../utils/pluralise'

/** Name, price, location, type, discount and features of one listing (spec §2, listing detail). */
export function ListingDetails({ listing }: { listing: Listing }) {
  const discount = offerDiscount(listing)
  return (
    <div className="listing-details">
      <h1 className="listing-details__name">{listing.name}</h1>
      <ListingPrice listing={listing} className="listing-details__price" />
      <p className="listing-details__location">
        <PinIcon size={18} />
        {listing.location}
      </p>
      <p className="listing-details__added">{formatAdded(listing.createdAt)}</p>
      <p className="listing-details__badges">
        <span className="badge badge--type">{listing.type === 'rent' ? 'For Rent' : 'For Sale'}</span>
        {discount !== null ? (
          <span className="badge badge--offer">{`${formatPounds(discount)} discount`}</span>
        ) : null}
      </p>
      <ul className="listing-details__features" aria-label="Features">
        <li>
          <BedIcon size={20} />
          {pluralise(listing.bedrooms, 'Bedroom', 'Bedrooms')}
        </li>
        <li>
          <BathIcon size={20} />
          {pluralise(listing.bathrooms, 'Bathroom', 'Bathrooms')}
        </li>
        {listing.parking ? <li>Parking Space</li> : null}
        {listing.furnished ? <li>Furnished</li> : null}
      </ul>
      {listing.description ? (
        <section className="listing-details__description" aria-labelledby="description-title">
          <h2 id="description-title" className="section-title">
            Description
          </h2>
          <p>{listing.description}</p>
        </section>
      ) : null}
    </div>
  )
}
