import { useId, useState } from 'react'
import { useUnsavedChanges } from '../../../pwa/unsaved-changes'
import type { LandlordContact } from '../api/get-landlord-contact'
import { buildMailto } from '../build-mailto'

type ContactLandlordProps = { landlord: LandlordContact; listingName: string }

/** A message to the landlord, sent from the visitor's own mail app (nothing goes through our servers). */
export function ContactLandlord({ landlord, listingName }: ContactLandlordProps) {
  const [message, setMessage] = useState('')
  const messageId = useId()
  // A message being written is never lost to an app update's reload.
  useUnsavedChanges(message.trim() !== '')
  return (
    <form className="contact-form" onSubmit={(event) => event.preventDefault()}>
      {listingName ? (
        <p className="muted">
          About <strong>{listingName}</strong>
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
      <a
        className="button button--primary button--block"
        href={buildMailto(landlord.email, listingName, message)}
      >
        Send Message
      </a>
    </form>
  )
}
