import { useEffect } from 'react'
import { useUserId } from '@/hooks/use-session'
import { OUTBOX_SENT_EVENT } from '@/lib/outbox/runner'
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
    sync()
    window.addEventListener('online', sync)
    window.addEventListener('focus', refresh)
    window.addEventListener(OUTBOX_SENT_EVENT, refresh)
    window.addEventListener(MESSAGES_CHANGED_EVENT, refresh)
    document.addEventListener('visibilitychange', whenVisible)
    return () => {
      window.removeEventListener('online', sync)
      window.removeEventListener('focus', refresh)
      window.removeEventListener(OUTBOX_SENT_EVENT, refresh)
      window.removeEventListener(MESSAGES_CHANGED_EVENT, refresh)
      document.removeEventListener('visibilitychange', whenVisible)
    }
  }, [userId])
  return null
}
