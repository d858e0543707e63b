import { formatListingPrice, formatPounds, offerDiscount, type Priced } from '../utils/format-price'

/** The asking price; on offer, the regular price struck through beside it. */
export function ListingPrice({ listing, className }: { listing: Priced; className: string }) {
  const onOffer = offerDiscount(listing) !== null
  return (
    <p className={className}>
      {onOffer ? (
        <del className="price-was">
          <span className="visually-hidden">Regular price </span>
          {formatPounds(listing.regularPrice)}
        </del>
      ) : null}
      <span>{formatListingPrice(listing)}</span>
    </p>
  )
}
