import { useEffect } from 'react'
import { useUserId } from '../../../hooks/use-session'
import { DRAFTS_SAVED_EVENT } from '../draft-events'

/**
 * Sends the signed-in user's outbox with its drafts' publishing in it (the kind loads first): at start, on
 * sign-in, back online, when the tab shows, after a draft is saved.
 */
export function DraftsSync() {
  const userId = useUserId()
  useEffect(() => {
    if (!userId) return
    const run = () => {
      void import('../publish-outbox')
        .then(({ sendQueuedDrafts }) => sendQueuedDrafts(userId))
        .catch(() => undefined)
    }
    const whenVisible = () => {
      if (document.visibilityState === 'visible') run()
    }
    run()
    window.addEventListener('online', run)
    window.addEventListener(DRAFTS_SAVED_EVENT, run)
    document.addEventListener('visibilitychange', whenVisible)
    return () => {
      window.removeEventListener('online', run)
      window.removeEventListener(DRAFTS_SAVED_EVENT, run)
      document.removeEventListener('visibilitychange', whenVisible)
      void import('../../../lib/outbox/runner').then(({ stopOutbox }) => stopOutbox())
    }
  }, [userId])
  return null
}
