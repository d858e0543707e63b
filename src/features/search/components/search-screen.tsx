import type { ReactNode } from 'react'
import { PageHeader } from '../../../components/page-header'
import { clearFilters, formatBbox, type HomeSearch, parseBbox } from '../../../types/home-search'
import type { Listing } from '../../../types/listing'
import type { SearchMapProps } from '../../../types/search-map'
import { formatHomeCount } from '../format-home-count'
import { useHomeSearch } from '../hooks/use-home-search'
import { useSearchMap } from '../hooks/use-search-map'
import { listingHref, toMapHomes } from '../map-homes'
import { SearchControls } from './search-controls'
import { SearchResults } from './search-results'
import './search.css'

type SearchScreenProps = {
  search: HomeSearch
  /** A committed change: the route puts it in the URL. */
  onSearch: (next: HomeSearch) => void
  /** An extra control on each card (the save toggle). */
  renderAction?: (listing: Listing) => ReactNode
  /** The map view, when the app has one. */
  renderMap?: (props: SearchMapProps) => ReactNode
}

/** /search: the controls, a list or map toggle, and the results of the search the URL holds. */
export function SearchScreen({ search, onSearch, renderAction, renderMap }: SearchScreenProps) {
  const mapView = search.view === 'map'
  const results = useHomeSearch(search, !mapView)
  const map = useSearchMap(search, mapView)
  // While a new area of the same search loads, the map stays on screen where the person left it.
  const mapHomes = map.status === 'ready' ? map : map.status === 'loading' ? map.previous : undefined
  const showView = (view: 'list' | 'map') => onSearch({ ...search, view: view === 'map' ? 'map' : undefined })

  return (
    <div className="page search-page">
      <PageHeader title="Search" />
      <SearchControls search={search} onSearch={onSearch} />
      <fieldset className="search-view">
        <legend className="visually-hidden">View</legend>
        <button
          type="button"
          className="search-view__button"
          aria-pressed={!mapView}
          onClick={() => showView('list')}
        >
          List
        </button>
        <button
          type="button"
          className="search-view__button"
          aria-pressed={mapView}
          onClick={() => showView('map')}
        >
          Map
        </button>
      </fieldset>
      {mapView ? (
        <section className="search-map" aria-label="Map of results">
          {mapHomes ? (
            <>
              {map.status === 'ready' ? (
                <h2 className="section-title" aria-live="polite">
                  {formatHomeCount(map.total)}
                </h2>
              ) : (
                <p className="search-results__state" role="status">
                  Searching…
                </p>
              )}
              {renderMap ? (
                renderMap({
                  homes: toMapHomes(mapHomes.listings),
                  total: mapHomes.total,
                  bbox: search.bbox ? parseBbox(search.bbox) : null,
                  onSearchArea: (bbox) => onSearch({ ...search, bbox: formatBbox(bbox) }),
                  listingHref,
                })
              ) : (
                <p className="empty-state">
                  The map is not available here yet. Switch to the list to see these homes.
                </p>
              )}
            </>
          ) : (
            <p className="search-results__state" role="status">
              {map.status === 'error'
                ? 'Could not fetch listings. Check your connection and try again.'
                : 'Searching…'}
            </p>
          )}
        </section>
      ) : (
        <SearchResults
          results={results}
          mixedTypes={search.type === undefined}
          onClearFilters={() => onSearch(clearFilters(search))}
          renderAction={renderAction}
        />
      )}
    </div>
  )
}
