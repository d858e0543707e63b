import { useCallback, useEffect, useRef, useState } from 'react'
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
  // Reads overlap (opening, joining the live channel, the outbox sending): only the latest one asked is
  // shown, never an older answer that arrives after it.
  const asked = useRef(0)

  const load = useCallback(async () => {
    if (document.visibilityState === 'hidden') return
    const ask = ++asked.current
    // Offline, or when the server does not answer: the conversation as last seen online.
    const fromDevice = async () => {
      const seen = await readSeenMessages<Seen>(userId, `conversation:${conversationId}`)
      if (ask !== asked.current) return
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
      if (ask !== asked.current) return
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
  const typing = useLiveConversation(userId, conversationId, load)

  const loadOlder = async () => {
    if (loaded.status !== 'ready' || !loaded.messages[0]) return
    const older = await fetchMessages(conversationId, loaded.messages[0]).catch(() => null)
    if (!older) return
    setLoaded({ ...loaded, messages: [...older, ...loaded.messages], more: older.length === MESSAGE_PAGE })
  }

  return { loaded, loadOlder, blocked, setBlockedState, typing }
}

/** How long `typing…` shows after the other person's last keystroke signal. */
const TYPING_SHOWN_MS = 4_000
/** At most one typing signal per this many milliseconds while writing. */
export const TYPING_SIGNAL_MS = 2_000

/**
 * The open conversation, live: a new message or a read re-reads it (so `Sent` becomes `Read`), as does every
 * join and re-join of its channel; the other person's typing shows for a few seconds and is never stored.
 */
function useLiveConversation(userId: string, conversationId: string, reload: () => Promise<void>) {
  const [typing, setTyping] = useState(false)
  useEffect(() => {
    let stop: (() => void) | undefined
    let hide: ReturnType<typeof setTimeout> | undefined
    let live = true
    void import('../../../lib/realtime').then(({ watchLive }) => {
      if (!live) return
      stop = watchLive(`conversation:${conversationId}`, {
        onJoined: () => void reload(),
        onEvent: ({ event, payload }) => {
          if (event === 'typing') {
            if (payload.user_id === userId) return
            setTyping(true)
            clearTimeout(hide)
            hide = setTimeout(() => setTyping(false), TYPING_SHOWN_MS)
            return
          }
          if (event === 'message') setTyping(false)
          void reload()
        },
      })
    })
    return () => {
      live = false
      clearTimeout(hide)
      stop?.()
    }
  }, [userId, conversationId, reload])
  return typing
}

/** Tells the other person of an open conversation that this one is writing (throttled, never stored). */
export function useTypingSignal(userId: string, conversationId: string) {
  const [last, setLast] = useState(0)
  return useCallback(() => {
    const now = Date.now()
    if (now - last < TYPING_SIGNAL_MS) return
    setLast(now)
    void import('../../../lib/realtime').then(({ sendLive }) =>
      sendLive(`conversation:${conversationId}`, 'typing', { user_id: userId }),
    )
  }, [userId, conversationId, last])
}
