import { useEffect, useRef, useState } from 'react'
import { searchStoredListings } from '../../../device/listings'
import { useOnlineStatus } from '../../../hooks/use-online-status'
import type { HomeSearch } from '../../../types/home-search'
import { fetchSearchMap } from '../api/search-map-data'
import { toMapHomes } from '../map-homes'
import type { SearchMapData } from '../map-plan'
import { MAP_LIMIT, resultsKey } from '../search-query'

type MapHomes = SearchMapData

export type SearchMapResults =
  | {
      status: 'loading'
      /** The homes of the same search in the area before, shown until those of the new area come. */
      previous?: MapHomes
    }
  | { status: 'error' }
  | ({ status: 'ready' } & MapHomes)

type State = { key: string; results: SearchMapResults }

/** The search apart from its area: a new area of the same search keeps the map (and its view) on screen. */
const withoutArea = ({ bbox: _bbox, ...search }: HomeSearch) => resultsKey(search)

/**
 * Up to MAP_LIMIT homes of a search for the map, or clusters counting them, with their count (fetchSearchMap);
 * offline, from this device.
 */
export function useSearchMap(search: HomeSearch): SearchMapResults {
  const online = useOnlineStatus()
  const key = `${online ? 'server' : 'device'}:${resultsKey(search)}`
  const latest = useRef(search)
  latest.current = search
  const [state, setState] = useState<State>({ key, results: { status: 'loading' } })
  const shown = useRef<{ search: string; homes: MapHomes } | null>(null)
  if (state.key === key && state.results.status === 'ready')
    shown.current = { search: withoutArea(search), homes: state.results }

  useEffect(() => {
    let cancelled = false
    const homes = key.startsWith('server')
      ? fetchSearchMap(latest.current)
      : searchStoredListings(latest.current).then((stored) => ({
          homes: toMapHomes(stored.slice(0, MAP_LIMIT)),
          clusters: [],
          total: stored.length,
        }))
    setState({ key, results: { status: 'loading' } })
    homes.then(
      (found) => {
        if (!cancelled) setState({ key, results: { status: 'ready', ...found } })
      },
      () => {
        if (!cancelled) setState({ key, results: { status: 'error' } })
      },
    )
    return () => {
      cancelled = true
    }
  }, [key])

  if (state.key === key && state.results.status !== 'loading') return state.results
  // Only for a new area: a search of no area opens the map afresh on all of its homes.
  const previous =
    search.bbox && shown.current?.search === withoutArea(search) ? shown.current.homes : undefined
  return { status: 'loading', previous }
}
