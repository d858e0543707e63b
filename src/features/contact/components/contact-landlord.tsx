import { Link } from '@tanstack/react-router'
import { useId, useState } from 'react'
import { useUnsavedChanges } from '../../../pwa/unsaved-changes'
import type { LandlordContact } from '../api/get-landlord-contact'
import { buildMailto } from '../build-mailto'

type ContactLandlordProps = {
  landlord: LandlordContact
  listingName: string
  /** The listing the message is about, to go back to it. */
  listing: { id: string; type: 'rent' | 'sale' } | null
}

/** A message to the landlord, sent from the visitor's own mail app (nothing goes through our servers). */
export function ContactLandlord({ landlord, listingName, listing }: ContactLandlordProps) {
  const [message, setMessage] = useState('')
  const messageId = useId()
  // A message being written is never lost to an app update's reload.
  useUnsavedChanges(message.trim() !== '')
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
          value={message}
          onChange={(event) => setMessage(event.target.value)}
        />
      </div>
      {/* An empty message is nothing to send: the button waits until there is one. */}
      {message.trim() === '' ? (
        <button type="button" className="button button--primary button--block" disabled>
          Send Message
        </button>
      ) : (
        <a
          className="button button--primary button--block"
          href={buildMailto(landlord.email, listingName, message)}
        >
          Send Message
        </a>
      )}
    </form>
  )
}
