import { useCallback, useEffect, useState } from 'react'
import { keepSeenMessages, readSeenMessages } from '../../../device/messages-seen'
import { OUTBOX_SENT_EVENT } from '../../../lib/outbox/runner'
import {
  type ConversationSummary,
  fetchConversations,
  fetchMessages,
  isBlocked,
  MESSAGE_PAGE,
  type Message,
  markConversationRead,
} from '../api/messages-remote'
import { refreshUnread } from '../api/unread'

export type Loaded =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'failed' }
  | { status: 'ready'; summary: ConversationSummary; messages: Message[]; more: boolean; kept?: boolean }

type Seen = { summary: ConversationSummary; messages: Message[] }

/** The latest page of a conversation laid over what is loaded: older pages already loaded stay. */
function withLatest(now: Loaded, { summary, messages }: Seen): Loaded {
  const older =
    now.status === 'ready' && !now.kept && messages[0]
      ? now.messages.filter((m) => m.created_at < (messages[0] as Message).created_at)
      : []
  return {
    status: 'ready',
    summary,
    messages: [...older, ...messages],
    more: now.status === 'ready' && older.length > 0 ? now.more : messages.length === MESSAGE_PAGE,
  }
}

/** Reads a conversation from the server (kept on the device as last seen); null when it is not there. */
async function readConversation(userId: string, conversationId: string): Promise<Seen | null> {
  const [summary] = await fetchConversations(conversationId)
  if (!summary) return null
  const messages = await fetchMessages(conversationId)
  void keepSeenMessages(userId, `conversation:${conversationId}`, { summary, messages } satisfies Seen)
  return { summary, messages }
}

/** Calls `again` whenever the page comes back into view, the connection returns or the outbox sent something. */
function useReloads(again: () => void) {
  useEffect(() => {
    again()
    const whenVisible = () => {
      if (document.visibilityState === 'visible') again()
    }
    window.addEventListener('focus', again)
    window.addEventListener('online', again)
    window.addEventListener(OUTBOX_SENT_EVENT, again)
    document.addEventListener('visibilitychange', whenVisible)
    return () => {
      window.removeEventListener('focus', again)
      window.removeEventListener('online', again)
      window.removeEventListener(OUTBOX_SENT_EVENT, again)
      document.removeEventListener('visibilitychange', whenVisible)
    }
  }, [again])
}

/**
 * One conversation as the screen shows it: read from the server whenever the page is seen (marked read, the
 * sender's block looked up), or as last seen online when the server cannot be reached; older pages on demand.
 */
export function useConversation(userId: string, conversationId: string) {
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' })
  const [blocked, setBlockedState] = useState(false)

  const load = useCallback(async () => {
    if (document.visibilityState === 'hidden') return
    // Offline, or when the server does not answer: the conversation as last seen online.
    const fromDevice = async () => {
      const seen = await readSeenMessages<Seen>(userId, `conversation:${conversationId}`)
      setLoaded((now) =>
        now.status === 'ready'
          ? now
          : seen
            ? { status: 'ready', ...seen, more: false, kept: true }
            : { status: 'failed' },
      )
    }
    if (!navigator.onLine) return fromDevice()
    try {
      const seen = await readConversation(userId, conversationId)
      if (!seen) return setLoaded({ status: 'missing' })
      setLoaded((now) => withLatest(now, seen))
      const { summary } = seen
      if (summary.unread) {
        await markConversationRead(conversationId)
        void refreshUnread()
      }
      if (summary.role === 'landlord' && summary.other_id !== null) {
        setBlockedState(await isBlocked(summary.other_id))
      }
    } catch {
      await fromDevice()
    }
  }, [conversationId, userId])

  useReloads(useCallback(() => void load(), [load]))

  const loadOlder = async () => {
    if (loaded.status !== 'ready' || !loaded.messages[0]) return
    const older = await fetchMessages(conversationId, loaded.messages[0]).catch(() => null)
    if (!older) return
    setLoaded({ ...loaded, messages: [...older, ...loaded.messages], more: older.length === MESSAGE_PAGE })
  }

  return { loaded, loadOlder, blocked, setBlockedState }
}
