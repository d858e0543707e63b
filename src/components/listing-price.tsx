import type { ReactNode } from 'react'
import { formatListingPrice, formatPounds, offerDiscount, type Priced } from '../utils/format-price'

/** The asking price; on offer, the regular price struck through beside it. `children` lead the line. */
export function ListingPrice({
  listing,
  className,
  children,
}: {
  listing: Priced
  className: string
  children?: ReactNode
}) {
  const onOffer = offerDiscount(listing) !== null
  return (
    <p className={className}>
      {children}
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
