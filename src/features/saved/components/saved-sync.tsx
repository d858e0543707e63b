import { useEffect } from 'react'
import { useUserId } from '../../../hooks/use-session'

/** Keeps a signed-in user's saves in step with the server: on sign-in, at start and whenever the device is back online. */
export function SavedSync() {
  const userId = useUserId()
  useEffect(() => {
    if (!userId) return
    const sync = () => {
      void import('../api/sync-saved').then(({ syncSaved }) => syncSaved(userId)).catch(() => undefined)
    }
    sync()
    window.addEventListener('online', sync)
    return () => window.removeEventListener('online', sync)
  }, [userId])
  return null
}
