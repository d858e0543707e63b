import { type ReactNode, useState } from 'react'
import { ListingCard } from '../../../components/listing-card'
import { LoadMoreButton } from '../../../components/load-more-button'
import { useStoredView } from '../../../device/listings'
import { useShowsHomes } from '../../../hooks/use-device-data-shown'
import { notify } from '../../../lib/toast'
import type { Listing } from '../../../types/listing'
import {
  getListingsPage,
  type ListingsFilter,
  type StoredListingsView,
  viewKeyOf,
} from '../api/get-listings-page'
import { FIRST_SCREEN_CARDS, PAGE_SIZE } from '../api/listings-keyset'

export const LISTINGS_LOAD_ERROR = 'Could not fetch listings'

type ListingsFeedProps = {
  filter: ListingsFilter
  /** What the route's loader had: the device's copy of the view, or the server's first page. */
  initial: StoredListingsView
  emptyText: string
  /** An extra control on each card (the save toggle). */
  renderAction?: (listing: Listing) => ReactNode
}

const withoutDuplicates = (listings: Listing[]) =>
  listings.filter((listing, i) => listings.findIndex((other) => other.id === listing.id) === i)

/**
 * A newest-first list of listings, 10 at a time, drawn from the device's copy of the view and kept live.
 * Load More asks the server for the next 10; offline it shows more of what the device already holds.
 */
export function ListingsFeed({ filter, initial, emptyText, renderAction }: ListingsFeedProps) {
  const stored = useStoredView(viewKeyOf(filter))
  // Pages kept in memory too, for browsers where the device database is unavailable.
  const [inMemory, setInMemory] = useState(initial)
  const [shown, setShown] = useState(PAGE_SIZE)

  const view = stored ?? inMemory
  const listings = view.listings.slice(0, shown)
  const storedBeyond = view.listings.length > shown
  useShowsHomes(listings.length > 0)
  if (listings.length === 0) return <p className="empty-state">{emptyText}</p>

  const loadMore = async () => {
    const last = listings.at(-1)
    if (!last) return
    try {
      const page = await getListingsPage(filter, { createdAt: last.createdAt, id: last.id })
      setInMemory((current) => ({
        listings: withoutDuplicates([...current.listings, ...page.listings]),
        complete: page.nextCursor === null,
        fetchedAt: Date.now(),
      }))
      setShown((count) => count + page.listings.length)
    } catch {
      if (storedBeyond) setShown((count) => count + PAGE_SIZE)
      else notify.error(LISTINGS_LOAD_ERROR)
    }
  }

  return (
    <>
      <ul className="listing-list">
        {listings.map((listing, index) => (
          <ListingCard
            key={listing.id}
            listing={listing}
            action={renderAction?.(listing)}
            priority={index < FIRST_SCREEN_CARDS}
          />
        ))}
      </ul>
      <p className="visually-hidden" aria-live="polite">
        {`Showing ${listings.length} listings`}
      </p>
      {storedBeyond || !view.complete ? <LoadMoreButton onLoad={loadMore} /> : null}
    </>
  )
}
