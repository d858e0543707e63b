import type { ReactNode } from 'react'
import { Button } from '../../../components/button'
import { ListingCard } from '../../../components/listing-card'
import { LoadMoreButton } from '../../../components/load-more-button'
import { useShowsHomes } from '../../../hooks/use-device-data-shown'
import type { Listing } from '../../../types/listing'
import { formatHomeCount } from '../../../utils/format-home-count'
import { type HomeSearchResults, SEARCH_LOAD_ERROR } from '../hooks/use-home-search'

export const NO_MATCHES = 'No homes match your search'
export const FROM_THIS_DEVICE = 'You are offline: these results come from the homes kept on this device.'

/** Cards a phone shows before scrolling: their covers load at once. */
const FIRST_SCREEN_CARDS = 2

type SearchResultsProps = {
  results: HomeSearchResults
  /** Whether rent and sale homes may both appear: each card then says which it is. */
  mixedTypes: boolean
  onClearFilters: () => void
  renderAction?: ((listing: Listing) => ReactNode) | undefined
  /** Reorders the loaded results (homes new to a saved search first). */
  arrange?: ((listings: Listing[]) => Listing[]) | undefined
  renderBadge?: ((listing: Listing) => ReactNode) | undefined
}

/** The count, the cards 10 at a time with Load More, or why there are none. */
export function SearchResults({
  results,
  mixedTypes,
  onClearFilters,
  renderAction,
  arrange,
  renderBadge,
}: SearchResultsProps) {
  useShowsHomes(results.status === 'ready' && results.listings.length > 0)
  if (results.status === 'loading') {
    return (
      <div className="search-results__state" role="status">
        <span className="spinner__ring spinner__ring--small" aria-hidden="true" />
        Searching…
      </div>
    )
  }
  if (results.status === 'error') {
    return (
      <div className="empty-state">
        <p>{SEARCH_LOAD_ERROR}. Check your connection and try again.</p>
        <Button variant="secondary" onClick={results.retry}>
          Try again
        </Button>
      </div>
    )
  }
  return (
    <section className="search-results" aria-labelledby="search-count">
      <h2 id="search-count" className="section-title" aria-live="polite">
        {formatHomeCount(results.total)}
      </h2>
      {results.source === 'device' ? <p className="search-results__note">{FROM_THIS_DEVICE}</p> : null}
      {results.listings.length === 0 ? (
        <div className="empty-state">
          <p>{NO_MATCHES}</p>
          <Button variant="secondary" onClick={onClearFilters}>
            Clear filters
          </Button>
        </div>
      ) : (
        <ul className="listing-list">
          {(arrange ? arrange(results.listings) : results.listings).map((listing, index) => (
            <ListingCard
              key={listing.id}
              listing={listing}
              headingLevel={3}
              showType={mixedTypes}
              action={renderAction?.(listing)}
              badge={renderBadge?.(listing)}
              priority={index < FIRST_SCREEN_CARDS}
            />
          ))}
        </ul>
      )}
      {results.hasMore ? <LoadMoreButton onLoad={results.loadMore} /> : null}
    </section>
  )
}
