import { useEffect } from 'react'

/**
 * A signed-in person's open listing page, live: a change of status or price (the home leaving the market)
 * re-reads the listing into the device's copy the page shows, as does every join and re-join.
 */
export function useLiveListing(listingId: string, signedIn: boolean) {
  useEffect(() => {
    if (!signedIn) return
    let live = true
    let stop: (() => void) | undefined
    const refresh = () => {
      if (!navigator.onLine) return
      void import('../api/get-listing')
        .then(({ refreshStoredListing }) => refreshStoredListing(listingId))
        .catch(() => undefined)
    }
    void import('../../../lib/realtime').then(({ watchLive }) => {
      if (live) stop = watchLive(`listing:${listingId}`, { onJoined: refresh, onEvent: refresh })
    })
    return () => {
      live = false
      stop?.()
    }
  }, [listingId, signedIn])
}
