import { useNavigate } from '@tanstack/react-router'
import { Button } from '../../../components/button'
import { factRefusal } from '../../../components/listing-form/fact-refusals'
import { dropEdits, editsOf, type ListingEditEntry } from '../../../device/listing-edits'
import { forgetListing } from '../../../device/listings'
import { retryThing, useOutbox } from '../../../device/outbox'
import type { ListingEditPayload } from '../../../types/listing-edit'
import { EDIT_MESSAGES } from '../edit-messages'

/** A read-only copy of the person's text, selectable to copy. */
function Kept({ label, text }: { label: string; text: string }) {
  return (
    <div className="field">
      <span className="field__label">{label}</span>
      <textarea
        className="field__input"
        readOnly
        aria-label={label}
        value={text}
        rows={label === 'Description' ? 5 : 1}
      />
    </div>
  )
}

/**
 * The listing was deleted elsewhere (another phone, another tab): the edit ends, and the person's text stays on
 * screen to copy until they close it.
 */
export function ListingDeleted({
  userId,
  listingId,
  edit,
}: {
  userId: string
  listingId: string
  edit: ListingEditPayload
}) {
  const navigate = useNavigate()
  const entries = editsOf(useOutbox(userId), listingId)
  const mine = { ...edit.base, ...edit.changes }
  const close = async () => {
    await dropEdits(entries)
    await forgetListing(listingId)
    await navigate({ to: '/profile' })
  }
  return (
    <div className="form form--card listing-form">
      <div className="listing-form__notice" role="alert">
        <h2 className="section-title">{EDIT_MESSAGES.deleted}</h2>
        <p>{EDIT_MESSAGES.deletedHelp}</p>
      </div>
      <Kept label="Name" text={mine.name} />
      <Kept label="Address" text={mine.location} />
      <Kept label="Description" text={mine.description ?? ''} />
      <Kept label="Regular price" text={String(mine.regular_price)} />
      {mine.offer && mine.discounted_price !== null ? (
        <Kept label="Discounted price" text={String(mine.discounted_price)} />
      ) : null}
      <Button block onClick={() => void close()}>
        Close
      </Button>
    </div>
  )
}

/** Any other refusal: the server's reason, and the choice to try again or give the change up. */
export function EditRefused({ entry, userId }: { entry: ListingEditEntry; userId: string }) {
  const entries = editsOf(useOutbox(userId), entry.payload.listingId)
  return (
    <div className="form form--card listing-form">
      <p className="listing-form__notice" role="alert">
        {EDIT_MESSAGES.refused(refusalText(entry))}
      </p>
      <Button
        block
        onClick={() =>
          void retryThing(userId, entry.thing).then(() =>
            import('../api/send-listing-edit').then(({ sendQueuedEdits }) => sendQueuedEdits(userId)),
          )
        }
      >
        Try again
      </Button>
      <Button variant="secondary" block onClick={() => void dropEdits(entries)}>
        Discard my change
      </Button>
    </div>
  )
}

/** The refusal in the form's words when it names a fact's rule, else the server's reason. */
function refusalText(entry: ListingEditEntry): string {
  const reason = entry.reason ?? ''
  const fields = { ...entry.payload.base, ...entry.payload.changes }
  const rent =
    fields.offer && fields.discounted_price !== null ? fields.discounted_price : fields.regular_price
  return factRefusal(reason, fields.type === 'rent' ? rent : null)?.message ?? reason
}
