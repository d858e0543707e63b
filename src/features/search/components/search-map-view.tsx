import type { ReactNode } from 'react'
import { formatBbox, type HomeSearch, parseBbox, parseHomeSearch } from '../../../types/home-search'
import type { SearchMapProps } from '../../../types/search-map'
import { readArea } from '../../../utils/area'
import { formatHomeCount } from '../../../utils/format-home-count'
import { useSearchMap } from '../hooks/use-search-map'
import { listingHref } from '../map-homes'

type SearchMapViewProps = {
  search: HomeSearch
  onSearch: (next: HomeSearch) => void
  /** The map itself, when the app has one. */
  renderMap?: ((props: SearchMapProps) => ReactNode) | undefined
}

/**
 * The search's map view: its homes (up to MAP_LIMIT, or clusters counting them) and their count. Loaded when the map is asked for, so
 * the list's first visit does not download it.
 */
export default function SearchMapView({ search, onSearch, renderMap }: SearchMapViewProps) {
  const map = useSearchMap(search)
  const area = search.area ? readArea(search.area) : null
  // While a new area of the same search loads, the map stays on screen where the person left it.
  const mapHomes = map.status === 'ready' ? map : map.status === 'loading' ? map.previous : undefined
  return (
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
              homes: mapHomes.homes,
              clusters: mapHomes.clusters,
              total: mapHomes.total,
              bbox: search.bbox ? parseBbox(search.bbox) : null,
              onSearchArea: (bbox) => onSearch({ ...search, bbox: formatBbox(bbox) }),
              area: area && 'points' in area ? area.points : null,
              // A drawn area replaces the rectangle searched before, which could cut it.
              onDrawArea: (drawn) =>
                onSearch(
                  parseHomeSearch({
                    ...search,
                    area: drawn ?? undefined,
                    bbox: drawn ? undefined : search.bbox,
                  }),
                ),
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
  )
}
