import { useEffect } from 'react'
import { useUserId } from '../../../hooks/use-session'

/**
 * Sends the signed-in person's queued writes (the outbox) and refreshes their saved searches and `N new`
 * counts: at start, on sign-in, whenever the connection returns, when the app comes back to the front, and
 * live, when a home published matches one of their searches (event `saved_search` on their own topic) and
 * after every join and re-join of that topic. Its code loads only for a signed-in person, once the browser
 * is idle.
 */
export function SavedSearchesSync() {
  const userId = useUserId()
  useEffect(() => {
    if (!userId) return
    const sync = () => {
      if (!navigator.onLine) return
      void import('../api/sync-saved-searches')
        .then(({ syncSavedSearches }) => syncSavedSearches(userId))
        .catch(() => undefined)
    }
    const whenVisible = () => {
      if (document.visibilityState === 'visible') sync()
    }
    const idle =
      typeof window.requestIdleCallback === 'function'
        ? window.requestIdleCallback(sync, { timeout: 3000 })
        : window.setTimeout(sync, 500)
    window.addEventListener('online', sync)
    document.addEventListener('visibilitychange', whenVisible)
    let live = true
    let stopLive: (() => void) | undefined
    void import('../../../lib/realtime').then(({ watchLive }) => {
      if (!live) return
      stopLive = watchLive(`user:${userId}`, {
        onJoined: sync,
        onEvent: ({ event }) => {
          if (event === 'saved_search') sync()
        },
      })
    })
    return () => {
      live = false
      stopLive?.()
      if (typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(idle)
      else window.clearTimeout(idle)
      window.removeEventListener('online', sync)
      document.removeEventListener('visibilitychange', whenVisible)
      void import('../../../lib/outbox/runner').then(({ stopOutbox }) => stopOutbox())
    }
  }, [userId])
  return null
}
