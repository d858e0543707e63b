import { useEffect } from 'react'
import { useUserId } from '../../../hooks/use-session'
import { notify } from '../../../lib/toast'
import { pluralise } from '../../../utils/pluralise'

/** Keeps a signed-in user's saves in step with the server: on sign-in, at start and whenever the device is back online. */
export function SavedSync() {
  const userId = useUserId()
  useEffect(() => {
    if (!userId) return
    const sync = () => {
      void import('../api/sync-saved')
        .then(({ syncSaved }) => syncSaved(userId))
        .then((joined) => {
          // Said once: the merge happens only the first time this user signs in on this device.
          if (joined > 0)
            notify.info(`${pluralise(joined, 'saved home', 'saved homes')} added to your account`)
        })
        .catch(() => undefined)
    }
    sync()
    window.addEventListener('online', sync)
    // Live: a saved home's status or price changed; every join and re-join reads what changed meanwhile.
    let live = true
    let stopLive: (() => void) | undefined
    void import('../../../lib/realtime').then(({ watchLive }) => {
      if (!live) return
      stopLive = watchLive(`user:${userId}`, {
        onJoined: sync,
        onEvent: ({ event }) => {
          if (event === 'saved_home') sync()
        },
      })
    })
    return () => {
      live = false
      stopLive?.()
      window.removeEventListener('online', sync)
    }
  }, [userId])
  return null
}
