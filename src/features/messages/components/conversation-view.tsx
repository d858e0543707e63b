import { Link } from '@tanstack/react-router'
import { useCallback, useEffect, useId, useState } from 'react'
import { keepSeenMessages, readSeenMessages } from '@/device/messages-seen'
import { queueWrite, retryThing, useOutbox } from '@/device/outbox'
import { listingImageUrl } from '@/lib/image-transform'
import { OUTBOX_SENT_EVENT } from '@/lib/outbox/runner'
import { useUnsavedChanges } from '@/pwa/unsaved-changes'
import {
  type EnquiryPayload,
  isSendable,
  MESSAGE_KINDS,
  MESSAGE_MAX,
  type ReplyPayload,
} from '@/types/message-outbox'
import {
  type ConversationSummary,
  fetchConversations,
  fetchMessages,
  isBlocked,
  MESSAGE_PAGE,
  type Message,
  markConversationRead,
  setBlocked,
} from '../api/messages-remote'
import { refreshUnread } from '../api/unread'
import { conversationPrice, formatWhen, otherPartyName } from './format'
import './messages.css'

type Loaded =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'failed' }
  | { status: 'ready'; summary: ConversationSummary; messages: Message[]; more: boolean; kept?: boolean }

type Seen = { summary: ConversationSummary; messages: Message[] }

function sendNow(userId: string) {
  return import('../api/message-outbox').then(({ sendQueuedMessages }) => sendQueuedMessages(userId))
}

/** One conversation: the listing on top, who wrote what and when, Sent/Read, the outbox's waiting ones, a reply box. */
export function ConversationView({ userId, conversationId }: { userId: string; conversationId: string }) {
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' })
  const [text, setText] = useState('')
  const [blocked, setBlockedState] = useState(false)
  const [blockError, setBlockError] = useState<string | null>(null)
  const boxId = useId()
  const outbox = useOutbox(userId)
  useUnsavedChanges(text.trim() !== '')

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
    if (!navigator.onLine) {
      await fromDevice()
      return
    }
    try {
      const [summary] = await fetchConversations(conversationId)
      if (!summary) {
        setLoaded({ status: 'missing' })
        return
      }
      const messages = await fetchMessages(conversationId)
      void keepSeenMessages(userId, `conversation:${conversationId}`, { summary, messages } satisfies Seen)
      setLoaded((now) => {
        // Keep older pages already loaded: the latest page replaces only what it covers.
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
      })
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

  useEffect(() => {
    void load()
    const again = () => void load()
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
  }, [load])

  const loadOlder = async () => {
    if (loaded.status !== 'ready' || !loaded.messages[0]) return
    const older = await fetchMessages(conversationId, loaded.messages[0]).catch(() => null)
    if (!older) return
    setLoaded({ ...loaded, messages: [...older, ...loaded.messages], more: older.length === MESSAGE_PAGE })
  }

  const send = async () => {
    if (!isSendable(text)) return
    const payload: ReplyPayload = {
      messageId: crypto.randomUUID(),
      conversationId,
      body: text,
      writtenAt: new Date().toISOString(),
    }
    const queued = await queueWrite({ userId, kind: MESSAGE_KINDS.reply, thing: conversationId, payload })
    if (!queued) return
    setText('')
    void sendNow(userId)
  }

  const toggleBlock = async (summary: ConversationSummary) => {
    setBlockError(null)
    // Nobody is left to block once the other person deleted their account.
    if (summary.other_id === null) return
    try {
      await setBlocked(summary.other_id, !blocked)
      setBlockedState(!blocked)
    } catch {
      setBlockError(navigator.onLine ? 'That did not work. Try again.' : 'Blocking needs a connection.')
    }
  }

  if (loaded.status === 'loading') return <p className="muted">Loading…</p>
  if (loaded.status === 'missing') return <p className="empty-state">This conversation is not available.</p>
  if (loaded.status === 'failed') {
    return (
      <p className="empty-state">
        {navigator.onLine
          ? 'Could not load this conversation.'
          : 'You are offline. This conversation shows when you are back online.'}
      </p>
    )
  }

  const { summary, messages, more, kept } = loaded
  const shown = new Set(messages.map((m) => m.id))
  const waiting = outbox.filter((entry) => {
    if (entry.kind === MESSAGE_KINDS.reply)
      return (entry.payload as ReplyPayload).conversationId === conversationId
    if (entry.kind === MESSAGE_KINDS.enquiry)
      return summary.listing_id !== null && (entry.payload as EnquiryPayload).listingId === summary.listing_id
    return false
  })
  const otherRead = Date.parse(summary.other_read_at)

  return (
    <>
      <div className="conversation-head">
        {summary.listing_image ? (
          <img
            className="conversation-head__image"
            src={listingImageUrl(summary.listing_image, 'card')}
            alt=""
          />
        ) : (
          <span className="conversation-head__image" aria-hidden="true" />
        )}
        <div>
          {summary.listing_id && summary.listing_category ? (
            <Link
              to="/category/$categoryName/$listingId"
              params={{ categoryName: summary.listing_category, listingId: summary.listing_id }}
            >
              <strong>{summary.listing_name}</strong>
            </Link>
          ) : (
            <strong>Listing removed</strong>
          )}
          <p>{conversationPrice(summary.listing_price, summary.listing_category)}</p>
          <p className="muted">With {otherPartyName(summary, 'someone')}</p>
        </div>
        {summary.role === 'landlord' && summary.other_id !== null ? (
          <button
            type="button"
            className="button button--destructive"
            onClick={() => void toggleBlock(summary)}
          >
            {blocked ? 'Unblock' : 'Block'}
          </button>
        ) : null}
      </div>
      {kept ? <p className="muted">You are offline: this conversation as last seen.</p> : null}
      {blocked ? (
        <p className="muted">
          You blocked {otherPartyName(summary, 'this person')}: their messages are refused.
        </p>
      ) : null}
      {blockError ? <p role="alert">{blockError}</p> : null}
      {more ? (
        <button type="button" className="button button--ghost" onClick={() => void loadOlder()}>
          Earlier messages
        </button>
      ) : null}
      <ol className="message-thread" aria-label="Messages">
        {messages.map((m) => {
          const mine = m.sender_id === userId
          return (
            <li key={m.id} className={`message${mine ? ' message--mine' : ''}`}>
              <p className="message__meta">
                <strong>{mine ? 'You' : otherPartyName(summary, 'Them')}</strong> · {formatWhen(m.created_at)}
              </p>
              <p className="message__body">{m.body}</p>
              {mine ? (
                <p className="message__meta message__status">
                  {otherRead >= Date.parse(m.created_at) ? 'Read' : 'Sent'}
                </p>
              ) : null}
            </li>
          )
        })}
        {waiting
          .filter((entry) => !shown.has((entry.payload as ReplyPayload).messageId))
          .map((entry) => {
            const p = entry.payload as ReplyPayload
            return (
              <li key={entry.id} className="message message--mine message--waiting">
                <p className="message__meta">
                  <strong>You</strong> · {formatWhen(p.writtenAt)}
                </p>
                <p className="message__body">{p.body}</p>
                {entry.state === 'refused' ? (
                  <p className="message__meta message__status message__status--refused">
                    Not sent{entry.reason ? `: ${entry.reason}` : ''}{' '}
                    <button
                      type="button"
                      className="button button--secondary"
                      onClick={() => void retryThing(userId, entry.thing).then(() => sendNow(userId))}
                    >
                      Retry
                    </button>
                  </p>
                ) : (
                  <p className="message__meta message__status">Waiting to send</p>
                )}
              </li>
            )
          })}
      </ol>
      <form
        className="message-composer"
        onSubmit={(event) => {
          event.preventDefault()
          void send()
        }}
      >
        <label htmlFor={boxId} className="field__label">
          Message
        </label>
        <textarea
          id={boxId}
          className="field__input"
          rows={3}
          maxLength={MESSAGE_MAX}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit" className="button button--primary" disabled={!isSendable(text)}>
          Send
        </button>
      </form>
    </>
  )
}
