import { createElement, type ReactNode, useEffect, useRef, useState } from 'react'
import { useUserId } from '../../../hooks/use-session'
import type { Listing } from '../../../types/listing'

export type OpenedSavedSearch = {
  /** New homes first, each group in the search's order; undefined when nothing is badged. */
  arrange?: ((listings: Listing[]) => Listing[]) | undefined
  /** The `New` badge of a home published since the saved search was last opened. */
  badge?: ((listing: Listing) => ReactNode) | undefined
}

/**
 * /search opened from a saved search (`from=<id>`): marks it opened (open_saved_search, queued when offline)
 * and badges as `New` the homes published after it was opened before, listing them first. The saved-search
 * code loads only when a search is opened this way.
 */
export function useOpenedSavedSearch(from: string | undefined): OpenedSavedSearch {
  const userId = useUserId()
  const [opened, setOpened] = useState<{ id: string; previous: number } | null>(null)
  const handled = useRef<string | null>(null)

  useEffect(() => {
    if (!from) {
      handled.current = null
      return
    }
    if (!userId || handled.current === from) return
    handled.current = from
    void import('../api/sync-saved-searches')
      .then(({ openSavedSearch }) => openSavedSearch(userId, from))
      .then((previous) => {
        const at = previous ? Date.parse(previous) : Number.NaN
        if (Number.isFinite(at)) setOpened({ id: from, previous: at })
      })
      .catch(() => undefined)
  }, [from, userId])

  if (!from || opened?.id !== from) return {}
  const isNew = (listing: Listing) =>
    listing.createdAt !== undefined && Date.parse(listing.createdAt) > opened.previous
  return {
    arrange: (listings) => [...listings.filter(isNew), ...listings.filter((listing) => !isNew(listing))],
    badge: (listing) =>
      isNew(listing) ? createElement('span', { className: 'badge badge--new' }, 'New') : null,
  }
}
