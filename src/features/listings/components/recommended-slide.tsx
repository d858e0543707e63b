import { Link } from '@tanstack/react-router'
import { listingImageUrl } from '../../../lib/image-transform'
import type { Listing } from '../../../types/listing'
import { formatListingPrice } from '../../../utils/format-price'
import { statusBadge } from '../../../utils/market-status'
import { photoPriority } from '../../../utils/photo-priority'

/**
 * One Recommended slide: the cover (the first one is Explore's largest paint, so it loads first), its status
 * unless available, name and price.
 */
export function RecommendedSlide({ listing, first }: { listing: Listing; first: boolean }) {
  const cover = listing.imageUrls[0]
  const status = statusBadge(listing.status)
  return (
    <Link
      to="/category/$categoryName/$listingId"
      params={{ categoryName: listing.type, listingId: listing.id }}
      className="recommended-slide"
    >
      {cover ? (
        <img
          src={listingImageUrl(cover, 'photo')}
          alt=""
          width={1200}
          height={675}
          {...photoPriority(first)}
          decoding="async"
          crossOrigin="anonymous"
        />
      ) : null}
      <span className="recommended-slide__caption">
        {status ? <span className="badge badge--status">{status}</span> : null}
        <span className="recommended-slide__name">{listing.name}</span>
        <span className="recommended-slide__price">{formatListingPrice(listing)}</span>
      </span>
    </Link>
  )
}
