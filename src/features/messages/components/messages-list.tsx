import { Link } from '@tanstack/react-router'
import { useCallback, useEffect, useRef, useState } from 'react'
import { keepSeenMessages, readSeenMessages } from '../../../device/messages-seen'
import { retryThing, useOutbox } from '../../../device/outbox'
import { listingImageUrl } from '../../../lib/image-transform'
import { OUTBOX_SENT_EVENT } from '../../../lib/outbox/runner'
import { type EnquiryPayload, enquiryThing, MESSAGE_KINDS } from '../../../types/message-outbox'
import { type ConversationSummary, fetchConversations } from '../api/messages-remote'
import { refreshUnread } from '../api/unread'
import { conversationPrice, formatWhen, otherPartyName } from './format'
import { MESSAGES_CHANGED_EVENT } from './messages-sync'
import './messages.css'

type Loaded =
  | { status: 'loading' }
  | { status: 'ready'; rows: ConversationSummary[]; kept?: boolean }
  | { status: 'failed' }

/** The person's conversations, most recent first, with enquiries still waiting on this device on top. */
export function MessagesList({ userId }: { userId: string }) {
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' })
  const outbox = useOutbox(userId)
  // Reads overlap (the screen opens as the outbox sends): only the latest one asked is shown, never an older
  // answer that arrives after it.
  const asked = useRef(0)

  const load = useCallback(() => {
    const ask = ++asked.current
    // Offline, or when the server does not answer: the list as last seen online.
    const fromDevice = async () => {
      const kept = await readSeenMessages<ConversationSummary[]>(userId, 'list')
      if (ask !== asked.current) return
      setLoaded((now) =>
        now.status === 'ready'
          ? now
          : kept
            ? { status: 'ready', rows: kept, kept: true }
            : { status: 'failed' },
      )
    }
    if (!navigator.onLine) {
      void fromDevice()
      return
    }
    fetchConversations()
      .then((rows) => {
        if (ask !== asked.current) return
        setLoaded({ status: 'ready', rows })
        void keepSeenMessages(userId, 'list', rows)
      })
      .catch(() => void fromDevice())
    void refreshUnread()
  }, [userId])

  useListReloads(load)

  const rows = loaded.status === 'ready' ? loaded.rows : []
  const pending = outbox.filter((entry) => entry.kind === MESSAGE_KINDS.enquiry)

  return (
    <>
      {pending.length > 0 ? (
        <ul className="conversation-list" aria-label="Waiting on this device">
          {pending.map((entry) => {
            const p = entry.payload as EnquiryPayload
            return (
              <li key={entry.id} className="conversation-item">
                <span className="conversation-item__image" aria-hidden="true" />
                <div className="conversation-item__text">
                  <p className="conversation-item__who">{p.listingName || 'Enquiry'}</p>
                  <p className="conversation-item__last">{p.body}</p>
                  {entry.state === 'refused' ? (
                    <p className="message__meta message__status--refused">
                      Not sent{entry.reason ? `: ${entry.reason}` : ''}{' '}
                      <button
                        type="button"
                        className="button button--secondary"
                        onClick={() =>
                          void retryThing(userId, enquiryThing(p.listingId)).then(() => sendNow(userId))
                        }
                      >
                        Retry
                      </button>
                    </p>
                  ) : (
                    <p className="message__meta">Waiting to send</p>
                  )}
                </div>
              </li>
            )
          })}
        </ul>
      ) : null}
      {loaded.status === 'loading' ? <p className="muted">Loading…</p> : null}
      {loaded.status === 'ready' && loaded.kept ? (
        <p className="muted">You are offline: your messages as last seen.</p>
      ) : null}
      {loaded.status === 'failed' ? (
        <p className="empty-state">
          {navigator.onLine
            ? 'Could not load your messages.'
            : 'You are offline. Your messages show when you are back online.'}
        </p>
      ) : null}
      {loaded.status === 'ready' && rows.length === 0 && pending.length === 0 ? (
        <p className="empty-state">No messages yet. Ask a landlord about a home from its contact page.</p>
      ) : null}
      {rows.length > 0 ? (
        <ul className="conversation-list" aria-label="Conversations">
          {rows.map((c) => (
            <li key={c.id}>
              <Link
                to="/messages/$conversationId"
                params={{ conversationId: c.id }}
                className={`conversation-item${c.unread ? ' conversation-item--unread' : ''}`}
              >
                {c.listing_image ? (
                  <img
                    className="conversation-item__image"
                    src={listingImageUrl(c.listing_image, 'card')}
                    alt=""
                  />
                ) : (
                  <span className="conversation-item__image" aria-hidden="true" />
                )}
                <div className="conversation-item__text">
                  <p className="conversation-item__who">
                    {otherPartyName(c, 'Someone')} · {c.listing_name ?? 'Listing removed'}
                    {c.unread ? <span className="nav-badge">New</span> : null}
                  </p>
                  <p className="conversation-item__last">
                    {c.last_from_me ? 'You: ' : ''}
                    {c.last_body ?? ''}
                  </p>
                  <p className="message__meta">
                    {formatWhen(c.last_message_at)}
                    {c.listing_price !== null
                      ? ` · ${conversationPrice(c.listing_price, c.listing_category)}`
                      : ''}
                  </p>
                </div>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  )
}

function sendNow(userId: string) {
  return import('../api/message-outbox').then(({ sendQueuedMessages }) => sendQueuedMessages(userId))
}

/**
 * Re-reads the list when the page comes back into view, the connection returns, the outbox sent something,
 * or a conversation started, moved or was read elsewhere (live, through MessagesSync).
 */
function useListReloads(load: () => void) {
  useEffect(() => {
    load()
    const whenVisible = () => {
      if (document.visibilityState === 'visible') load()
    }
    window.addEventListener('focus', load)
    window.addEventListener('online', load)
    window.addEventListener(OUTBOX_SENT_EVENT, load)
    // Live: a conversation started, moved or read elsewhere (MessagesSync hears it).
    window.addEventListener(MESSAGES_CHANGED_EVENT, load)
    document.addEventListener('visibilitychange', whenVisible)
    return () => {
      window.removeEventListener(MESSAGES_CHANGED_EVENT, load)
      window.removeEventListener('focus', load)
      window.removeEventListener('online', load)
      window.removeEventListener(OUTBOX_SENT_EVENT, load)
      document.removeEventListener('visibilitychange', whenVisible)
    }
  }, [load])
}
