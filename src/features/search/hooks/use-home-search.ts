import { startTransition, useCallback, useEffect, useRef, useState } from 'react'
import { searchStoredListings } from '../../../device/listings'
import { useOnlineStatus } from '../../../hooks/use-online-status'
import { notify } from '../../../lib/toast'
import type { HomeSearch } from '../../../types/home-search'
import type { Listing } from '../../../types/listing'
import { type FirstPageAhead, fetchSearchPage, firstPageAheadFor } from '../api/search-homes'
import { resultsKey, SEARCH_PAGE_SIZE, type SearchCursor, type SearchPage } from '../search-query'

/** The spec's message when listings cannot be fetched. */
export const SEARCH_LOAD_ERROR = 'Could not fetch listings'

/** Where results came from: the server, or (offline) the listings kept on this device. */
export type ResultsSource = 'server' | 'device'

export type HomeSearchResults =
  | { status: 'loading' }
  | { status: 'error'; retry: () => void }
  | {
      status: 'ready'
      source: ResultsSource
      listings: Listing[]
      total: number
      hasMore: boolean
      /** Shows the next 10; settles once they are in (or failed, which it says). */
      loadMore: () => Promise<void>
    }

type Loaded = {
  source: ResultsSource
  listings: Listing[]
  total: number
  /** Server results: where the next page starts. */
  nextCursor: SearchCursor | null
  /** Device results: every match, of which `listings` are shown. */
  stored: Listing[] | null
}

type State =
  | { key: string; status: 'loading' }
  | { key: string; status: 'error' }
  | ({ key: string; status: 'ready' } & Loaded)

const withoutDuplicates = (listings: Listing[]) =>
  listings.filter((listing, i) => listings.findIndex((other) => other.id === listing.id) === i)

async function firstResults(
  search: HomeSearch,
  online: boolean,
  ahead: Promise<SearchPage> | undefined,
): Promise<Loaded> {
  if (!online) {
    const stored = await searchStoredListings(search)
    const listings = stored.slice(0, SEARCH_PAGE_SIZE)
    return { source: 'device', listings, total: stored.length, nextCursor: null, stored }
  }
  const page = await (ahead ?? fetchSearchPage(search, null))
  const total = page.total ?? page.listings.length
  return { source: 'server', listings: page.listings, total, nextCursor: page.nextCursor, stored: null }
}

/**
 * The results of a search, 10 at a time: from the server with an exact count while online (its first page
 * the one the route's loader asked for, when it is this search's), from the device's listings offline
 * (never waiting on the network). A new search or a change of connection starts over.
 */
export function useHomeSearch(
  search: HomeSearch,
  { enabled, ahead }: { enabled: boolean; ahead?: FirstPageAhead | null },
): HomeSearchResults {
  const online = useOnlineStatus()
  const [attempt, setAttempt] = useState(0)
  // A new key starts over: another search, the connection coming or going, or Try again.
  const key = `${online ? 'server' : 'device'}:${attempt}:${resultsKey(search)}`
  const latest = useRef({ search, ahead })
  latest.current = { search, ahead }
  const [state, setState] = useState<State>({ key, status: 'loading' })

  useEffect(() => {
    if (!enabled) return
    let cancelled = false
    setState({ key, status: 'loading' })
    // Try again asks afresh rather than taking the page that failed.
    const { search, ahead } = latest.current
    firstResults(
      search,
      key.startsWith('server'),
      attempt ? undefined : firstPageAheadFor(search, ahead),
    ).then(
      (loaded) => {
        // Drawing a page of cards is not urgent: in slices, a tap or a keystroke meanwhile is answered at once.
        if (!cancelled) startTransition(() => setState({ key, status: 'ready', ...loaded }))
      },
      () => {
        if (cancelled) return
        setState({ key, status: 'error' })
        notify.error(SEARCH_LOAD_ERROR)
      },
    )
    return () => {
      cancelled = true
    }
  }, [key, enabled, attempt])

  const retry = useCallback(() => setAttempt((n) => n + 1), [])

  // The results whose next page is on its way: one at a time. A ref, not state: a tap redraws Load More
  // alone (it shows its own loading), not the screen.
  const loadingMoreOf = useRef<string | null>(null)
  const loadMore = useCallback(async () => {
    if (state.status !== 'ready' || loadingMoreOf.current === state.key) return
    if (state.stored) {
      const listings = state.stored.slice(0, state.listings.length + SEARCH_PAGE_SIZE)
      startTransition(() => setState({ ...state, listings }))
      return
    }
    const cursor = state.nextCursor
    if (!cursor) return
    loadingMoreOf.current = state.key
    try {
      const page = await fetchSearchPage(latest.current.search, cursor)
      startTransition(() =>
        setState((current) =>
          current.key === state.key && current.status === 'ready'
            ? {
                ...current,
                listings: withoutDuplicates([...current.listings, ...page.listings]),
                nextCursor: page.nextCursor,
              }
            : current,
        ),
      )
    } catch {
      notify.error(SEARCH_LOAD_ERROR)
    } finally {
      if (loadingMoreOf.current === state.key) loadingMoreOf.current = null
    }
  }, [state])

  if (state.key !== key || state.status === 'loading') return { status: 'loading' }
  if (state.status === 'error') return { status: 'error', retry }
  const hasMore = state.stored ? state.stored.length > state.listings.length : state.nextCursor !== null
  return {
    status: 'ready',
    source: state.source,
    listings: state.listings,
    total: state.total,
    hasMore,
    loadMore,
  }
}
