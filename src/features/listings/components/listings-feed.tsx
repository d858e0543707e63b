import { useState } from 'react'
import { Button } from '../../../components/button'
import { ListingCard } from '../../../components/listing-card'
import { notify } from '../../../lib/toast'
import { getListingsPage, type ListingsFilter, type ListingsPage } from '../api/get-listings-page'
import type { Listing } from '../types'

export const LISTINGS_LOAD_ERROR = 'Could not fetch listings'

type ListingsFeedProps = {
  filter: ListingsFilter
  firstPage: ListingsPage
  emptyText: string
}

/** A newest-first list of listings, 10 at a time; Load More appends the next 10 and goes when none are left. */
export function ListingsFeed({ filter, firstPage, emptyText }: ListingsFeedProps) {
  const [listings, setListings] = useState<Listing[]>(firstPage.listings)
  const [nextCursor, setNextCursor] = useState(firstPage.nextCursor)
  const [loading, setLoading] = useState(false)

  if (listings.length === 0) return <p className="empty-state">{emptyText}</p>

  const loadMore = async () => {
    if (!nextCursor) return
    setLoading(true)
    try {
      const page = await getListingsPage(filter, nextCursor)
      setListings((shown) => [...shown, ...page.listings])
      setNextCursor(page.nextCursor)
    } catch {
      notify.error(LISTINGS_LOAD_ERROR)
    } finally {
      setLoading(false)
    }
  }

  return (
    <>
      <ul className="listing-list">
        {listings.map((listing) => (
          <ListingCard key={listing.id} listing={listing} />
        ))}
      </ul>
      <p className="visually-hidden" aria-live="polite">
        {`Showing ${listings.length} listings`}
      </p>
      {nextCursor ? (
        <div className="load-more">
          <Button variant="secondary" onClick={loadMore} disabled={loading} aria-busy={loading}>
            {loading ? <span className="spinner__ring spinner__ring--small" aria-hidden="true" /> : null}
            Load More
          </Button>
        </div>
      ) : null}
    </>
  )
}
