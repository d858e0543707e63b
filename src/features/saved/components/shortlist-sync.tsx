import { useEffect, useState } from 'react'
import { useUserId } from '../../../hooks/use-session'

/**
 * Sends the person's queued notes and votes and reads their shortlist again at start, on sign-in, when the
 * connection returns and when the tab shows again, whichever screen is open; and live, while they are in a
 * shared shortlist, when another member adds or removes a home, writes a note or a vote, joins or leaves
 * (event `shortlist` on the topic shortlist:<id>), and after every join and re-join of that topic. Its code
 * loads with the first run.
 */
export function ShortlistSync() {
  const userId = useUserId()
  const [shortlistId, setShortlistId] = useState<string | null>(null)
  useEffect(() => {
    if (!userId) {
      setShortlistId(null)
      return
    }
    const sync = () => {
      if (!navigator.onLine || document.visibilityState === 'hidden') return
      void import('../api/sync-shortlist')
        .then(({ syncShortlist }) => syncShortlist(userId))
        .then((id) => {
          if (id !== undefined) setShortlistId(id)
        })
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
    }
  }, [userId])
  useEffect(() => {
    if (!userId || !shortlistId) return
    let live = true
    let stopLive: (() => void) | undefined
    void import('../../../lib/realtime').then(({ watchLive }) => {
      if (!live) return
      stopLive = watchLive(`shortlist:${shortlistId}`, {
        onJoined: shortlistChanged,
        onEvent: ({ event }) => {
          if (event === 'shortlist') shortlistChanged()
        },
      })
    })
    return () => {
      live = false
      stopLive?.()
    }
  }, [userId, shortlistId])
  return null
}

/** Fired after a note, vote or shortlist change made here: send it and read the shortlist again. */
export const SHORTLIST_CHANGED_EVENT = 'roost:shortlist-changed'

export const shortlistChanged = () => window.dispatchEvent(new Event(SHORTLIST_CHANGED_EVENT))
