import { createFileRoute, useLocation, useRouter } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { SaveToggle } from '../features/saved/components/save-toggle'
import { SaveSearchButton } from '../features/saved-searches/components/save-search-button'
import { useOpenedSavedSearch } from '../features/saved-searches/hooks/use-opened-saved-search'
import { parseSavedSearchLink, type SavedSearchLink } from '../features/saved-searches/link'
import { fetchFirstPageAhead } from '../features/search/api/search-homes'
import { SearchScreen } from '../features/search/components/search-screen'
import { type HomeSearch, inUrl, parseHomeSearch, validateHomeSearch } from '../types/home-search'

// maplibre loads only when the map view opens, never on the list.
const SearchMap = lazy(() => import('../features/map/components/search-map'))

/** /search: a search is its URL (DESIGN.md §9); values that do not parse are dropped, never an error. */
export const Route = createFileRoute('/search')({
  // The router writes the URL from this: the radius as a number (inUrl), which it would otherwise quote.
  validateSearch: (raw: Record<string, unknown>): HomeSearch & SavedSearchLink =>
    inUrl({ ...validateHomeSearch(raw), ...parseSavedSearchLink(raw) }),
  // The search's own fields: the router lays the validated search over every other key the URL holds, and a
  // saved search's link (from, save) or a stray key asks for nothing new.
  loaderDeps: ({ search }) => ({ search: parseHomeSearch(search) }),
  // The search, and its list's first page, asked for at once while the screen's code still loads: handed to
  // the screen unawaited, so the screen shows its controls meanwhile. A link's preload fetches nothing.
  loader: ({ deps: { search }, preload }) => ({
    search,
    // Typed text (`q`) is first read as a place or keywords (the screen replaces the URL): nothing to ask yet.
    firstPage:
      !preload && search.view !== 'map' && search.q === undefined && navigator.onLine
        ? fetchFirstPageAhead(search)
        : null,
  }),
  // Once per search: the app's start loads the first screen before mounting, and mounting must not ask again.
  // The answer is the screen's only while fresh (firstPageAheadFor); a new search is a new match and asks.
  staleTime: Number.POSITIVE_INFINITY,
  component: Search,
})

function Search() {
  const { search, firstPage } = Route.useLoaderData()
  const link = Route.useSearch()
  const navigate = Route.useNavigate()
  const router = useRouter()
  // The URL's fields as given, before the route read them: those it could not use are said.
  const given = useLocation({ select: (location) => location.search })
  // Opened from a saved search: homes new to it are badged and listed first.
  const opened = useOpenedSavedSearch(link.from)
  return (
    <SearchScreen
      search={search}
      firstPage={firstPage}
      // Each change is a new history entry, so Back returns to the previous search.
      onSearch={(next) => void navigate({ search: next })}
      // The search the URL is read as replaces it, keeping a saved search's link.
      // Never over a navigation under way (a tap on Save search that leaves for sign-in, another search).
      onReplace={(next) => {
        if (router.latestLocation.href !== router.state.location.href) return
        void navigate({ search: { ...next, from: link.from, save: link.save }, replace: true })
      }}
      link={given}
      actions={
        <SaveSearchButton
          search={search}
          saveOnArrival={link.save === true}
          onArrivalSaved={() => void navigate({ search: { ...search, from: link.from }, replace: true })}
        />
      }
      arrange={opened.arrange}
      renderBadge={opened.badge}
      renderAction={(listing) => <SaveToggle listing={listing} />}
      renderMap={(props) => (
        <Suspense fallback={<p role="status">Loading the map…</p>}>
          <SearchMap {...props} />
        </Suspense>
      )}
    />
  )
}
