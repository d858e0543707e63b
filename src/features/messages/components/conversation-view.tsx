import { Link } from '@tanstack/react-router'
import { useId, useState } from 'react'
import { queueWrite, retryThing, useOutbox } from '../../../device/outbox'
import { listingImageUrl } from '../../../lib/image-transform'
import { useUnsavedChanges } from '../../../pwa/unsaved-changes'
import {
  type EnquiryPayload,
  isSendable,
  MESSAGE_KINDS,
  MESSAGE_MAX,
  PERSON_LEFT,
  type ReplyPayload,
} from '../../../types/message-outbox'
import { type ConversationSummary, type Message, setBlocked } from '../api/messages-remote'
import { conversationPrice, formatWhen, otherPartyName } from './format'
import { useConversation, useTypingSignal } from './use-conversation'
import './messages.css'

type OutboxEntries = ReturnType<typeof useOutbox>

function sendNow(userId: string) {
  return import('../api/message-outbox').then(({ sendQueuedMessages }) => sendQueuedMessages(userId))
}

/** One conversation: the listing on top, who wrote what and when, Sent/Read, the outbox's waiting ones, a reply box. */
export function ConversationView({ userId, conversationId }: { userId: string; conversationId: string }) {
  const { loaded, loadOlder, blocked, setBlockedState, typing } = useConversation(userId, conversationId)
  const signalTyping = useTypingSignal(userId, conversationId)
  const [text, setText] = useState('')
  const [blockError, setBlockError] = useState<string | null>(null)
  const outbox = useOutbox(userId)
  const left =
    loaded.status === 'ready' && hasLeft(loaded.summary, waitingFor(outbox, conversationId, loaded.summary))
  // Nothing written here can be sent once the other person has left, so there is nothing to lose.
  useUnsavedChanges(!left && text.trim() !== '')

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
  return (
    <>
      <ConversationHead summary={summary} blocked={blocked} onToggleBlock={() => void toggleBlock(summary)} />
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
      <MessageThread
        userId={userId}
        summary={summary}
        messages={messages}
        waiting={waitingFor(outbox, conversationId, summary)}
      />
      {left ? (
        <p className="muted" role="status">
          {PERSON_LEFT}
        </p>
      ) : (
        <>
          {typing ? (
            <p className="muted message-typing" role="status">
              typing…
            </p>
          ) : null}
          <MessageComposer
            text={text}
            onChange={(next) => {
              setText(next)
              if (next.trim() !== '') signalTyping()
            }}
            onSend={() => void send()}
          />
        </>
      )}
    </>
  )
}

/**
 * Whether the other person deleted their account: the conversation says so (no one on the other side), or the
 * server refused a reply because of it since it was loaded. The conversation stays readable; the box closes.
 */
function hasLeft(summary: ConversationSummary, waiting: OutboxEntries) {
  return (
    summary.other_id === null ||
    waiting.some(
      (entry) =>
        entry.kind === MESSAGE_KINDS.reply && entry.state === 'refused' && entry.reason === PERSON_LEFT,
    )
  )
}

/** The outbox's messages for this conversation: replies to it, and enquiries about its listing. */
function waitingFor(outbox: OutboxEntries, conversationId: string, summary: ConversationSummary) {
  return outbox.filter((entry) => {
    if (entry.kind === MESSAGE_KINDS.reply)
      return (entry.payload as ReplyPayload).conversationId === conversationId
    if (entry.kind === MESSAGE_KINDS.enquiry)
      return summary.listing_id !== null && (entry.payload as EnquiryPayload).listingId === summary.listing_id
    return false
  })
}

/** The listing talked about (its photo, name and price), who with, and the landlord's Block. */
function ConversationHead({
  summary,
  blocked,
  onToggleBlock,
}: {
  summary: ConversationSummary
  blocked: boolean
  onToggleBlock: () => void
}) {
  return (
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
        <button type="button" className="button button--destructive" onClick={onToggleBlock}>
          {blocked ? 'Unblock' : 'Block'}
        </button>
      ) : null}
    </div>
  )
}

/** The messages, oldest first, then those still waiting in the outbox (`Waiting to send`, or `Not sent` with Retry). */
function MessageThread({
  userId,
  summary,
  messages,
  waiting,
}: {
  userId: string
  summary: ConversationSummary
  messages: Message[]
  waiting: OutboxEntries
}) {
  const shown = new Set(messages.map((m) => m.id))
  const otherRead = Date.parse(summary.other_read_at)
  return (
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
        .map((entry) => (
          <WaitingMessage key={entry.id} userId={userId} entry={entry} />
        ))}
    </ol>
  )
}

function WaitingMessage({ userId, entry }: { userId: string; entry: OutboxEntries[number] }) {
  const p = entry.payload as ReplyPayload
  return (
    <li className="message message--mine message--waiting">
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
}

function MessageComposer({
  text,
  onChange,
  onSend,
}: {
  text: string
  onChange: (text: string) => void
  onSend: () => void
}) {
  const boxId = useId()
  return (
    <form
      className="message-composer"
      onSubmit={(event) => {
        event.preventDefault()
        onSend()
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
        onChange={(event) => onChange(event.target.value)}
      />
      <button type="submit" className="button button--primary" disabled={!isSendable(text)}>
        Send
      </button>
    </form>
  )
}
