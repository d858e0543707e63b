import { useEffect, useState } from 'react'
import { forgetListing } from '../../../device/listings'

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
    const refresh = (event?: string) => {
      if (event === 'listing_deleted') void forgetListing(listingId)
      else if (navigator.onLine)
        void import('../api/get-listing')
          .then(({ refreshStoredListing }) => refreshStoredListing(listingId))
          .catch(() => undefined)
    }
    void import('../../../lib/realtime').then(({ watchLive }) => {
      if (live)
        stop = watchLive(`listing:${listingId}`, {
          onJoined: () => refresh(),
          onEvent: ({ event }) => refresh(event),
        })
    })
    return () => {
      live = false
      stop?.()
    }
  }, [listingId, signedIn])
}

/**
 * Renders again the moment the listing's leaving date passes (market_listings' rule: off_market_at), so an
 * open page shows `This home is no longer on the market` then, not at the status change that set the date.
 * A date past, or beyond a browser timer's reach (about 24.8 days), has nothing to wait for on this visit.
 */
export function useOffMarketMoment(offMarketAt: string | null | undefined) {
  const [, passed] = useState(0)
  useEffect(() => {
    const left = offMarketAt ? Date.parse(offMarketAt) - Date.now() : -1
    if (left < 0 || left > 2_147_483_646) return
    const timer = window.setTimeout(() => passed((n) => n + 1), left + 1)
    return () => window.clearTimeout(timer)
  }, [offMarketAt])
}
