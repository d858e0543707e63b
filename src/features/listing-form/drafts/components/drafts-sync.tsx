import { useEffect } from 'react'
import { LISTING_EDIT_QUEUED_EVENT } from '@/types/listing-edit-event'
import { useUserId } from '../../../../hooks/use-session'
import { DRAFTS_SAVED_EVENT } from '../draft-events'

/**
 * Publishes the signed-in user's drafts and sends their queued listing edits: at start, on sign-in, back
 * online, when the tab shows, after a save (a draft, or an edit queued from Your Listings).
 */
export function DraftsSync() {
  const userId = useUserId()
  useEffect(() => {
    if (!userId) return
    const run = () => {
      void import('../drafts-runner')
        .then(({ publishDrafts }) => publishDrafts(userId))
        .catch(() => undefined)
      void import('../../edit/edit-outbox')
        .then(({ sendQueuedEdits }) => sendQueuedEdits(userId))
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
      void import('../drafts-runner').then(({ stopPublishingDrafts }) => stopPublishingDrafts())
    }
  }, [userId])
  return null
}
