import { useEffect } from 'react'
import { useUserId } from '../../../hooks/use-session'
import { LISTING_EDIT_QUEUED_EVENT } from '../../../types/listing-edit'

/**
 * Sends the signed-in user's outbox with listing edits in it (the kind loads first): at start, on sign-in,
 * back online, when the tab shows, and when an edit is queued outside the edit screen (Your Listings).
 */
export function ListingEditsSync() {
  const userId = useUserId()
  useEffect(() => {
    if (!userId) return
    const run = () => {
      void import('../api/send-listing-edit')
        .then(({ sendQueuedEdits }) => sendQueuedEdits(userId))
        .catch(() => undefined)
    }
    const whenVisible = () => {
      if (document.visibilityState === 'visible') run()
    }
    run()
    window.addEventListener('online', run)
    window.addEventListener(LISTING_EDIT_QUEUED_EVENT, run)
    document.addEventListener('visibilitychange', whenVisible)
    return () => {
      window.removeEventListener('online', run)
      window.removeEventListener(LISTING_EDIT_QUEUED_EVENT, run)
      document.removeEventListener('visibilitychange', whenVisible)
    }
  }, [userId])
  return null
}
