import { Link, useRouter } from '@tanstack/react-router'
import { useId, useState } from 'react'
import { outboxStore, queueWrite } from '../../../device/outbox'
import { runOutbox } from '../../../lib/outbox/runner'
import { useUnsavedChanges } from '../../../pwa/unsaved-changes'
import {
  type EnquiryPayload,
  enquiryThing,
  isSendable,
  MESSAGE_KINDS,
  MESSAGE_MAX,
} from '../../../types/message-outbox'
import type { LandlordContact } from '../api/get-landlord-contact'
import { buildMailto } from '../build-mailto'
import { keepContactDraft, takeContactDraft } from '../contact-draft'
import './contact.css'

type ContactLandlordProps = {
  landlord: LandlordContact
  landlordId: string
  listingName: string
  /** The listing the message is about, to go back to it. */
  listing: { id: string; type: 'rent' | 'sale' } | null
  /** The signed-in person, or null for a visitor. */
  userId: string | null
}

/**
 * A message to the landlord: `Send in Roost` first, which sends it as an enquiry about the listing through the
 * app (a visitor signs in first and comes back with the message still in the box); then, where the landlord
 * shows their email, `Send Message`, which opens the visitor's own mail app and says so.
 */
export function ContactLandlord({
  landlord,
  landlordId,
  listingName,
  listing,
  userId,
}: ContactLandlordProps) {
  const [message, setMessage] = useState(() => takeContactDraft(landlordId, listing?.id) ?? '')
  const [refusal, setRefusal] = useState<string | null>(null)
  const messageId = useId()
  const mailNoteId = useId()
  const router = useRouter()
  // A message being written is never lost to an app update's reload.
  useUnsavedChanges(message.trim() !== '')

  const sendInRoost = async () => {
    if (!listing || !isSendable(message)) return
    if (!userId) {
      keepContactDraft(landlordId, listing.id, message)
      void router.navigate({
        to: '/sign-in',
        search: { redirect: router.state.location.href, reason: 'message' },
      })
      return
    }
    const payload: EnquiryPayload = {
      messageId: crypto.randomUUID(),
      listingId: listing.id,
      listingName,
      landlordId,
      body: message,
      writtenAt: new Date().toISOString(),
    }
    const queued = await queueWrite({
      userId,
      kind: MESSAGE_KINDS.enquiry,
      thing: enquiryThing(listing.id),
      payload,
    })
    if (!queued) {
      setRefusal('This device could not keep the message. Try again.')
      return
    }
    setMessage('')
    void runOutbox(userId, outboxStore())
    void router.navigate({ to: '/messages' })
  }

  const empty = message.trim() === ''
  return (
    <form className="contact-form" onSubmit={(event) => event.preventDefault()}>
      {listingName ? (
        <p className="muted">
          About{' '}
          {listing ? (
            <Link
              to="/category/$categoryName/$listingId"
              params={{ categoryName: listing.type, listingId: listing.id }}
              className="contact-form__listing"
            >
              {listingName}
            </Link>
          ) : (
            <strong>{listingName}</strong>
          )}
        </p>
      ) : null}
      <div className="field">
        <label htmlFor={messageId} className="field__label">
          Message
        </label>
        <textarea
          id={messageId}
          name="message"
          className="field__input contact-form__message"
          rows={8}
          maxLength={MESSAGE_MAX}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
        />
      </div>
      {listing ? (
        <button
          type="button"
          className="button button--primary button--block"
          disabled={!isSendable(message)}
          onClick={() => void sendInRoost()}
        >
          Send in Roost
        </button>
      ) : (
        <p className="contact-form__note">
          To write in Roost, open the listing and press Contact Landlord
          {listingName ? (
            <>
              {' '}
              (
              <Link to="/search" search={{ q: listingName }}>
                find {listingName}
              </Link>
              )
            </>
          ) : null}
          .
        </p>
      )}
      {/* Only where the landlord shows their email to visitors. An empty message is nothing to send. */}
      {landlord.email === null ? null : (
        <div className="contact-form__mail">
          {empty ? (
            <button
              type="button"
              className="button button--secondary button--block"
              aria-describedby={mailNoteId}
              disabled
            >
              Send Message
            </button>
          ) : (
            <a
              className="button button--secondary button--block"
              href={buildMailto(landlord.email, listingName, message)}
              aria-describedby={mailNoteId}
            >
              Send Message
            </a>
          )}
          <p id={mailNoteId} className="contact-form__note">
            Opens your mail app, with the message ready to send from your own email.
          </p>
        </div>
      )}
      {refusal ? <p role="alert">{refusal}</p> : null}
    </form>
  )
}
