import { useEffect, useState } from 'react'

/**
 * A signed-in person's open listing page, live: any change of the listing (its status, price, leaving date,
 * an edit) re-reads it into the device's copy the page shows, as does every join and re-join; a deletion
 * forgets the copy, so the page says the listing was removed.
 */
export function useLiveListing(listingId: string, signedIn: boolean) {
  useEffect(() => {
    if (!signedIn) return
    let live = true
    let stop: (() => void) | undefined
    const refresh = (deleted = false) => {
      if (!navigator.onLine && !deleted) return
      void import('../api/get-listing')
        .then(({ forgetStoredListing, refreshStoredListing }) =>
          deleted ? forgetStoredListing(listingId) : refreshStoredListing(listingId),
        )
        .catch(() => undefined)
    }
    void import('../../../lib/realtime').then(({ watchLive }) => {
      if (live)
        stop = watchLive(`listing:${listingId}`, {
          onJoined: () => refresh(),
          onEvent: ({ event }) => refresh(event === 'listing_deleted'),
        })
    })
    return () => {
      live = false
      stop?.()
    }
  }, [listingId, signedIn])
}

/** The longest wait a browser timer keeps (about 24.8 days); a later moment is waited for in steps. */
const LONGEST_TIMER_MS = 2_147_483_647

/**
 * Renders again the moment the listing's leaving date passes (market_listings' rule: off_market_at), so an
 * open page shows `This home is no longer on the market` then, not at the status change that set the date.
 */
export function useOffMarketMoment(offMarketAt: string | null | undefined) {
  const [, setPassed] = useState(0)
  useEffect(() => {
    if (!offMarketAt) return
    const at = new Date(offMarketAt).getTime()
    let timer: number | undefined
    const wait = () => {
      const left = at - Date.now()
      if (left < 0) return
      timer = window.setTimeout(
        () => {
          if (Date.now() > at) setPassed((n) => n + 1)
          else wait()
        },
        Math.min(left + 1, LONGEST_TIMER_MS),
      )
    }
    wait()
    return () => window.clearTimeout(timer)
  }, [offMarketAt])
}
