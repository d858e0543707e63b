import { useEffect } from 'react'
import { useUserId } from '../../../hooks/use-session'
import { clearUnread, refreshUnread } from '../api/unread'

/** Fired (on window) when something says there may be new messages: a push, a conversation opened. */
export const MESSAGES_CHANGED_EVENT = 'roost:messages-changed'

/**
 * Sends the signed-in person's queued messages and reads their unread count: at start, on sign-in, when
 * the connection returns, when the app comes back to the front and after the outbox sends. Nothing runs
 * while the app is hidden.
 */
export function MessagesSync() {
  const userId = useUserId()
  useEffect(() => {
    if (!userId) {
      clearUnread()
      return
    }
    const sync = () => {
      if (!navigator.onLine || document.visibilityState === 'hidden') return
      void import('../api/message-outbox')
        .then(({ sendQueuedMessages }) => sendQueuedMessages(userId))
        .catch(() => undefined)
      void refreshUnread()
    }
    const whenVisible = () => {
      if (document.visibilityState === 'visible') sync()
    }
    const refresh = () => void refreshUnread()
    // The outbox's code loads with the first sync, not with every screen's entry.
    let live = true
    let sentEvent: string | null = null
    void import('../../../lib/outbox/runner').then(({ OUTBOX_SENT_EVENT }) => {
      if (!live) return
      sentEvent = OUTBOX_SENT_EVENT
      window.addEventListener(sentEvent, refresh)
    })
    sync()
    // Live: a conversation that starts, moves or is read updates the count and the list at once.
    const changed = () => {
      void refreshUnread()
      window.dispatchEvent(new Event(MESSAGES_CHANGED_EVENT))
    }
    let stopLive: (() => void) | undefined
    void import('../../../lib/realtime').then(({ watchLive }) => {
      if (live)
        stopLive = watchLive(`user:${userId}`, {
          onJoined: changed,
          onEvent: ({ event }) => {
            if (event === 'conversation') changed()
          },
        })
    })
    window.addEventListener('online', sync)
    window.addEventListener('focus', refresh)
    window.addEventListener(MESSAGES_CHANGED_EVENT, refresh)
    document.addEventListener('visibilitychange', whenVisible)
    return () => {
      window.removeEventListener('online', sync)
      window.removeEventListener('focus', refresh)
      live = false
      stopLive?.()
      if (sentEvent) window.removeEventListener(sentEvent, refresh)
      window.removeEventListener(MESSAGES_CHANGED_EVENT, refresh)
      document.removeEventListener('visibilitychange', whenVisible)
    }
  }, [userId])
  return null
}
