import { useEffect } from 'react'
import { useUserId } from '../../../../hooks/use-session'
import { LISTING_EDIT_QUEUED_EVENT } from '../../../../types/listing-edit-event'
import { DRAFTS_SAVED_EVENT } from '../draft-events'

/**
 * Sends the signed-in user's outbox with its drafts' publishing and listing edits in it (their kinds load
 * first): at start, on sign-in, back online, when the tab shows, after a save (a draft, or an edit queued
 * from Your Listings).
 */
export function DraftsSync() {
  const userId = useUserId()
  useEffect(() => {
    if (!userId) return
    const run = () => {
      void Promise.all([import('../publish-outbox'), import('../../edit/edit-outbox')])
        .then(([{ sendQueuedDrafts }]) => sendQueuedDrafts(userId))
        .catch(() => undefined)
    }
    const whenVisible = () => {
      if (document.visibilityState === 'visible') run()
    }
    run()
    window.addEventListener('online', run)
    window.addEventListener(DRAFTS_SAVED_EVENT, run)
    window.addEventListener(LISTING_EDIT_QUEUED_EVENT, run)
    document.addEventListener('visibilitychange', whenVisible)
    return () => {
      window.removeEventListener('online', run)
      window.removeEventListener(DRAFTS_SAVED_EVENT, run)
      window.removeEventListener(LISTING_EDIT_QUEUED_EVENT, run)
      document.removeEventListener('visibilitychange', whenVisible)
      void import('../../../../lib/outbox/runner').then(({ stopOutbox }) => stopOutbox())
    }
  }, [userId])
  return null
}
