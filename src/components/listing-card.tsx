import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { listingImageUrl } from '../lib/image-transform'
import type { Listing } from '../types/listing'
import { formatAdded } from '../utils/format-added'
import { reductionText } from '../utils/format-market'
import { propertyFactsLine } from '../utils/inline-script-helpers'
import { isRecentlyReduced, statusBadge } from '../utils/market-status'
import { photoPriority } from '../utils/photo-priority'
import { pluralise } from '../utils/pluralise'
import { BathIcon, BedIcon, DeleteIcon, EditIcon } from './icons'
import { ListingPrice } from './listing-price'

/**
 * What a card needs from a listing; what it knows of the rest it shows too: `createdAt` as "Added today" and so
 * on, `status` as a badge for every status but available, `priceReducedAt` and `priceReducedBy` as `Reduced`
 * for 30 days, and its property type, floor area and EPC as one line (`Flat · 62 m² · EPC C`).
 */
export type ListingCardData = Pick<
  Listing,
  | 'id'
  | 'type'
  | 'name'
  | 'location'
  | 'bedrooms'
  | 'bathrooms'
  | 'offer'
  | 'regularPrice'
  | 'discountedPrice'
  | 'imageUrls'
> &
  Partial<
    Pick<
      Listing,
      | 'createdAt'
      | 'status'
      | 'priceReducedAt'
      | 'priceReducedBy'
      | 'propertyType'
      | 'floorAreaM2'
      | 'epcRating'
    >
  >

type ListingCardProps = {
  listing: ListingCardData
  /** Shown as an edit icon button when given (the profile's Your Listings). */
  onEdit?: (listing: ListingCardData) => void
  /** Shown as a delete icon button when given. */
  onDelete?: (listing: ListingCardData) => void
  /** Heading level of the listing's name, so headings stay in order on every screen. */
  headingLevel?: 2 | 3
  /** A control shown over the cover, outside the link (the save toggle). */
  action?: ReactNode
  /** A card on the first screen: its cover may be the screen's largest paint, so it loads at once and first. */
  priority?: boolean
  /** Say whether the home is for rent or sale (lists where both appear). */
  showType?: boolean
  /** A badge read with the card, before its location (e.g. `New` on a saved search's new homes). */
  badge?: ReactNode
  /** Say by how much and when the price fell (`Reduced by £50 on 3 Nov`), as saved homes do. */
  showReduction?: boolean
  /** Shown under the card, outside the link (a saved home's notes). */
  footer?: ReactNode
}

/** One listing in a list: cover, location, name, price and rooms, opening the listing's page. */
export function ListingCard({
  listing,
  onEdit,
  onDelete,
  headingLevel = 2,
  action,
  priority = false,
  showType = false,
  badge,
  showReduction = false,
  footer,
}: ListingCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const cover = listing.imageUrls[0]
  const status = statusBadge(listing.status)
  const reduced = isRecentlyReduced(listing.priceReducedAt)
  const reduction = showReduction ? reductionText(listing) : null
  const facts = propertyFactsLine(listing)
  return (
    <li className="listing-card">
      <Link
        to="/category/$categoryName/$listingId"
        params={{ categoryName: listing.type, listingId: listing.id }}
        className="listing-card__link"
      >
        <div className="listing-card__media">
          {cover ? (
            // crossOrigin: a CORS response the service worker can keep for offline use (never an opaque one).
            <img
              src={listingImageUrl(cover, 'card')}
              alt=""
              {...photoPriority(priority)}
              decoding="async"
              width={400}
              height={300}
              crossOrigin="anonymous"
            />
          ) : null}
          {listing.offer || status || reduced ? (
            <span className="listing-card__badges">
              {listing.offer ? <span className="badge badge--offer">Offer</span> : null}
              {status ? <span className="badge badge--status">{status}</span> : null}
              {reduced ? <span className="badge badge--reduced">Reduced</span> : null}
            </span>
          ) : null}
        </div>
        <div className="listing-card__body">
          {badge}
          <p className="listing-card__location">{listing.location}</p>
          <Heading className="listing-card__name">{listing.name}</Heading>
          <ListingPrice listing={listing} className="listing-card__price">
            {showType ? (
              <>
                <span className="badge badge--type">
                  {listing.type === 'rent' ? 'For Rent' : 'For Sale'}
                </span>{' '}
              </>
            ) : null}
          </ListingPrice>
          <p className="listing-card__rooms">
            <span>
              <BedIcon size={18} />
              {pluralise(listing.bedrooms, 'Bedroom', 'Bedrooms')}
            </span>
            <span>
              <BathIcon size={18} />
              {pluralise(listing.bathrooms, 'Bathroom', 'Bathrooms')}
            </span>
          </p>
          {facts ? <p className="listing-card__facts">{facts}</p> : null}
          {reduction ? <p className="listing-card__reduction">{reduction}</p> : null}
          {listing.createdAt ? <p className="listing-card__added">{formatAdded(listing.createdAt)}</p> : null}
        </div>
      </Link>
      {action ? <div className="listing-card__action">{action}</div> : null}
      {footer}
      {onEdit || onDelete ? (
        <div className="listing-card__actions">
          {onEdit ? (
            <button
              type="button"
              className="icon-button"
              aria-label={`Edit ${listing.name}`}
              onClick={() => onEdit(listing)}
            >
              <EditIcon size={20} />
            </button>
          ) : null}
          {onDelete ? (
            <button
              type="button"
              className="icon-button icon-button--danger"
              aria-label={`Delete ${listing.name}`}
              onClick={() => onDelete(listing)}
            >
              <DeleteIcon size={20} />
            </button>
          ) : null}
        </div>
      ) : null}
    </li>
  )
}
