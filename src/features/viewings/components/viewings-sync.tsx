import { useEffect } from 'react'
import { useUserId } from '../../../hooks/use-session'

/**
 * Sends the signed-in person's queued viewing changes (Cancel, Running late) at start, on sign-in and when
 * the connection returns, whichever screen is open. The outbox's code loads with the first run.
 */
export function ViewingsSync() {
  const userId = useUserId()
  useEffect(() => {
    if (!userId) return
    const sync = () => {
      if (!navigator.onLine || document.visibilityState === 'hidden') return
      void import('../api/viewing-outbox')
        .then(({ sendQueuedViewings }) => sendQueuedViewings(userId))
        .catch(() => undefined)
    }
    sync()
    window.addEventListener('online', sync)
    document.addEventListener('visibilitychange', sync)
    return () => {
      window.removeEventListener('online', sync)
      document.removeEventListener('visibilitychange', sync)
    }
  }, [userId])
  return null
}
