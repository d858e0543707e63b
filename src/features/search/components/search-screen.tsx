import { lazy, type ReactNode, Suspense } from 'react'
import { PageHeader } from '../../../components/page-header'
import { clearFilters, type HomeSearch } from '../../../types/home-search'
import type { Listing } from '../../../types/listing'
import type { SearchMapProps } from '../../../types/search-map'
import type { FirstPageAhead } from '../api/search-homes'
import { useHomeSearch } from '../hooks/use-home-search'
import { SEARCH_COPY } from '../search-copy'
import { SearchControls } from './search-controls'
import { useSearchNotes } from './search-notes'
import { SearchResults } from './search-results'
import { SearchViewSwitch } from './search-view-switch'
import './search.css'

// The map view's code loads when the map is asked for: the list's first visit does without it.
const SearchMapView = lazy(() => import('./search-map-view'))

type SearchScreenProps = {
  search: HomeSearch
  /** The first page of the results, asked for by the route's loader before this screen was there. */
  firstPage?: FirstPageAhead | null
  /** A committed change: the route puts it in the URL. */
  onSearch: (next: HomeSearch) => void
  /** The search the URL's is read as (text as a place or keywords, bad fields left out): replaces the URL. */
  onReplace: (next: HomeSearch) => void
  /** The URL's fields as given (parsed, not yet read as a search): those the search could not use are said. */
  link: Record<string, unknown>
  /** An extra control on each card (the save toggle). */
  renderAction?: (listing: Listing) => ReactNode
  /** The map view, when the app has one. */
  renderMap?: (props: SearchMapProps) => ReactNode
  /** Controls beside the screen's title (Save search). */
  actions?: ReactNode
  /** Reorders the loaded results (homes new to a saved search first). */
  arrange?: ((listings: Listing[]) => Listing[]) | undefined
  /** A badge on a card (`New`). */
  renderBadge?: ((listing: Listing) => ReactNode) | undefined
}

/** /search: the controls, a list or map toggle, and the results of the search the URL holds. */
export function SearchScreen({
  search,
  firstPage,
  onSearch,
  onReplace,
  link,
  renderAction,
  renderMap,
  actions,
  arrange,
  renderBadge,
}: SearchScreenProps) {
  const mapView = search.view === 'map'
  const { placeLabel, resolving, notes } = useSearchNotes(search, link, onReplace)
  const results = useHomeSearch(search, { enabled: !mapView && !resolving, ahead: firstPage })
  const showView = (view: 'list' | 'map') => onSearch({ ...search, view: view === 'map' ? 'map' : undefined })

  return (
    <div className="page search-page">
      <PageHeader title={SEARCH_COPY.title} actions={actions} />
      <SearchControls
        search={search}
        placeLabel={placeLabel}
        onSearch={onSearch}
        total={!mapView && results.status === 'ready' ? results.total : null}
      >
        <SearchViewSwitch mapView={mapView} onShow={showView} />
      </SearchControls>
      {notes.length > 0 ? (
        <div className="search-notes" role="status">
          {notes.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </div>
      ) : null}
      {mapView ? (
        <Suspense
          fallback={
            <section className="search-map" aria-label="Map of results">
              <p className="search-results__state" role="status">
                Searching…
              </p>
            </section>
          }
        >
          <SearchMapView search={search} onSearch={onSearch} renderMap={renderMap} />
        </Suspense>
      ) : (
        <SearchResults
          results={results}
          mixedTypes={search.type === undefined}
          onClearFilters={() => onSearch(clearFilters(search))}
          renderAction={renderAction}
          arrange={arrange}
          renderBadge={renderBadge}
        />
      )}
    </div>
  )
}
