import { createFileRoute } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { SaveToggle } from '../features/saved/components/save-toggle'
import { SearchScreen } from '../features/search/components/search-screen'
import { type HomeSearch, parseHomeSearch, validateHomeSearch } from '../types/home-search'

// maplibre loads only when the map view opens, never on the list.
const SearchMap = lazy(() => import('../features/map/components/search-map'))

/** /search: a search is its URL (DESIGN.md §9); values that do not parse are dropped, never an error. */
export const Route = createFileRoute('/search')({
  validateSearch: (raw: Record<string, unknown>): HomeSearch => validateHomeSearch(raw),
  component: Search,
})

function Search() {
  // Only the search's own fields: the router also passes on any other key the URL holds.
  const search = parseHomeSearch(Route.useSearch())
  const navigate = Route.useNavigate()
  return (
    <SearchScreen
      search={search}
      // Each change is a new history entry, so Back returns to the previous search.
      onSearch={(next) => void navigate({ search: next })}
      renderAction={(listing) => <SaveToggle listing={listing} />}
      renderMap={(props) => (
        <Suspense fallback={<p role="status">Loading the map…</p>}>
          <SearchMap {...props} />
        </Suspense>
      )}
    />
  )
}
