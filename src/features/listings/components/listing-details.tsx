import { lazy, Suspense } from 'react'
import { BathIcon, BedIcon, PinIcon } from '../../../components/icons'
import { ListingPrice } from '../../../components/listing-price'
import type { Listing } from '../../../types/listing'
import { formatAdded } from '../../../utils/format-added'
import { lastStatusText, reductionText } from '../../../utils/format-market'
import { formatPounds, offerDiscount } from '../../../utils/format-price'
import { statusBadge } from '../../../utils/market-status'
import { isOnMarket } from '../../../utils/on-market'
import { pluralise } from '../../../utils/pluralise'
import './listing-page.css'

// Below the description: loaded beside the page's first render, not in it.
const PriceHistory = lazy(() =>
  import('./price-history').then((module) => ({ default: module.PriceHistory })),
)

// The property facts, below the description: loaded beside the page's first render too.
const PropertyFacts = lazy(() => import('./property-facts'))

/**
 * Name, price (and a recent reduction), location, type, status, discount, features and price history of one
 * listing (spec §2, listing detail), and its property facts (issue 55); first, when it has left the market, a note saying so.
 */
export function ListingDetails({ listing }: { listing: Listing }) {
  const discount = offerDiscount(listing)
  const status = statusBadge(listing.status)
  const reduction = reductionText(listing)
  return (
    <div className="listing-details">
      {isOnMarket(listing) ? null : (
        <div className="listing-details__off-market" role="note">
          <p className="listing-details__off-market-title">This home is no longer on the market</p>
          <p>{lastStatusText(listing)}</p>
        </div>
      )}
      <h1 className="listing-details__name">{listing.name}</h1>
      <ListingPrice listing={listing} className="listing-details__price" />
      {reduction ? <p className="listing-details__reduction">{reduction}</p> : null}
      <p className="listing-details__location">
        <PinIcon size={18} />
        {listing.location}
      </p>
      <p className="listing-details__added">{formatAdded(listing.createdAt)}</p>
      <p className="listing-details__badges">
        <span className="badge badge--type">{listing.type === 'rent' ? 'For Rent' : 'For Sale'}</span>
        {status ? <span className="badge badge--status">{status}</span> : null}
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
      <Suspense fallback={null}>
        <PropertyFacts listing={listing} />
      </Suspense>
      <Suspense fallback={null}>
        <PriceHistory listing={listing} />
      </Suspense>
    </div>
  )
}
