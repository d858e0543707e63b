import { useEffect } from 'react'
import { useUserId } from '../../../hooks/use-session'

/**
 * Sends the person's queued notes and votes and reads their shortlist again at start, on sign-in, when the
 * connection returns and when the tab shows again, whichever screen is open; while they are in a shared
 * shortlist, also live, when another member changes it (syncShortlist follows its topic). Its code loads with
 * the first run.
 */
export function ShortlistSync() {
  const userId = useUserId()
  useEffect(() => {
    if (!userId) return
    const sync = () => {
      if (!navigator.onLine || document.visibilityState === 'hidden') return
      void import('../api/sync-shortlist')
        .then(({ syncShortlist }) => syncShortlist(userId))
        .catch(() => undefined)
    }
    sync()
    window.addEventListener('online', sync)
    document.addEventListener('visibilitychange', sync)
    window.addEventListener(SHORTLIST_CHANGED_EVENT, sync)
    return () => {
      window.removeEventListener('online', sync)
      document.removeEventListener('visibilitychange', sync)
      window.removeEventListener(SHORTLIST_CHANGED_EVENT, sync)
      void import('../api/sync-shortlist').then(({ stopFollowingShortlist }) => stopFollowingShortlist())
    }
  }, [userId])
  return null
}

/** Fired after a note, vote or shortlist change made here: send it and read the shortlist again. */
export const SHORTLIST_CHANGED_EVENT = 'roost:shortlist-changed'

export const shortlistChanged = () => window.dispatchEvent(new Event(SHORTLIST_CHANGED_EVENT))
