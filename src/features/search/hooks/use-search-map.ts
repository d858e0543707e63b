import { useEffect, useRef, useState } from 'react'
import { searchStoredListings } from '../../../device/listings'
import { useOnlineStatus } from '../../../hooks/use-online-status'
import type { HomeSearch } from '../../../types/home-search'
import type { Listing } from '../../../types/listing'
import { fetchSearchMap } from '../api/search-homes'
import { MAP_LIMIT } from '../search-query'
import { resultsKey } from './use-home-search'

export type SearchMapResults =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'ready'; listings: Listing[]; total: number }

type State = { key: string; results: SearchMapResults }

/** Up to MAP_LIMIT homes of a search for the map, with the count of all; offline, from this device. */
export function useSearchMap(search: HomeSearch, enabled: boolean): SearchMapResults {
  const online = useOnlineStatus()
  const key = `${online ? 'server' : 'device'}:${resultsKey(search)}`
  const latest = useRef(search)
  latest.current = search
  const [state, setState] = useState<State>({ key, results: { status: 'loading' } })

  useEffect(() => {
    if (!enabled) return
    let cancelled = false
    const homes = key.startsWith('server')
      ? fetchSearchMap(latest.current)
      : searchStoredListings(latest.current).then((stored) => ({
          listings: stored.slice(0, MAP_LIMIT),
          total: stored.length,
        }))
    setState({ key, results: { status: 'loading' } })
    homes.then(
      ({ listings, total }) => {
        if (!cancelled) setState({ key, results: { status: 'ready', listings, total } })
      },
      () => {
        if (!cancelled) setState({ key, results: { status: 'error' } })
      },
    )
    return () => {
      cancelled = true
    }
  }, [key, enabled])

  return state.key === key ? state.results : { status: 'loading' }
}
