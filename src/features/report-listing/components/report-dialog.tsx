import { type FormEvent, useEffect, useRef, useState } from 'react'
import { Button } from '../../../components/button'
import { Spinner } from '../../../components/spinner'
import { sendEmailConfirmationLink } from '../../../lib/email-confirmation'
import { notify } from '../../../lib/toast'
import { getEmailConfirmed } from '../api/get-email-confirmed'
import { REPORT_REASONS, type ReportReason, reportListing } from '../api/report-listing'
import './report-listing.css'

export const REPORT_MESSAGES = {
  reported: 'Thank you. We will review this listing.',
  alreadyReported: 'You have already reported this listing.',
  failed: 'Could not send your report. Please try again.',
  confirmEmail: 'Confirm your email to report listings',
  linkSent: (email: string) => `We sent a link to ${email}`,
  linkFailed: 'Could not send the link. Please try again.',
} as const

/** Whether the reporter's email is confirmed, as far as this screen knows. */
type Confirmation = 'checking' | 'confirmed' | 'unconfirmed' | 'link-sent'

const NOTE_MAX = 1000

/**
 * The report dialog, loaded at the first `Report this listing`: a reason from the list and a note, and for a
 * person whose email is not confirmed, a link to confirm it first (the server counts only their reports
 * towards hiding a listing). It opens at each new `opening`.
 */
export default function ReportDialog({
  listingId,
  reporterEmail,
  opening,
  onReported,
}: {
  listingId: string
  reporterEmail: string
  opening: number
  onReported: () => void
}) {
  const dialog = useRef<HTMLDialogElement>(null)
  const [reason, setReason] = useState<ReportReason | null>(null)
  const [note, setNote] = useState('')
  const [sending, setSending] = useState(false)
  const [confirmation, setConfirmation] = useState<Confirmation>('checking')

  async function send(event: FormEvent) {
    event.preventDefault()
    if (!reason) return
    setSending(true)
    try {
      const outcome = await reportListing(listingId, reason, note)
      notify.success(outcome === 'reported' ? REPORT_MESSAGES.reported : REPORT_MESSAGES.alreadyReported)
      onReported()
      dialog.current?.close()
    } catch {
      notify.error(REPORT_MESSAGES.failed)
    } finally {
      setSending(false)
    }
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: each new opening (a press of the button) opens it.
  useEffect(() => void open(), [opening])

  async function open() {
    dialog.current?.showModal()
    if (confirmation === 'confirmed') return
    // Asked at each opening: the link may have been opened in another tab since. Unknown counts as
    // unconfirmed: the person can still ask for a link.
    const confirmed = await getEmailConfirmed().catch(() => false)
    setConfirmation((now) => (confirmed ? 'confirmed' : now === 'link-sent' ? now : 'unconfirmed'))
  }

  async function sendLink(email: string) {
    setSending(true)
    try {
      await sendEmailConfirmationLink(email, `${location.pathname}${location.search}`)
      setConfirmation('link-sent')
    } catch {
      notify.error(REPORT_MESSAGES.linkFailed)
    } finally {
      setSending(false)
    }
  }

  return (
    <dialog ref={dialog} className="report-listing__dialog" aria-labelledby="report-listing-title">
      <h2 id="report-listing-title" className="section-title">
        Report this listing
      </h2>
      {confirmation === 'confirmed' ? null : (
        <div className="report-listing__confirm">
          {confirmation === 'checking' ? (
            <Spinner />
          ) : confirmation === 'link-sent' ? (
            <p role="status">{REPORT_MESSAGES.linkSent(reporterEmail)}</p>
          ) : (
            <p>{REPORT_MESSAGES.confirmEmail}</p>
          )}
          <div className="report-listing__buttons">
            <Button variant="secondary" onClick={() => dialog.current?.close()}>
              Close
            </Button>
            {confirmation === 'unconfirmed' ? (
              <Button disabled={sending} onClick={() => void sendLink(reporterEmail)}>
                Send me a link
              </Button>
            ) : null}
          </div>
        </div>
      )}
      <form hidden={confirmation !== 'confirmed'} onSubmit={(event) => void send(event)}>
        <fieldset className="report-listing__reasons">
          <legend>Reason</legend>
          {REPORT_REASONS.map((option) => (
            <label key={option} className="report-listing__reason">
              <input
                type="radio"
                name="reason"
                value={option}
                checked={reason === option}
                onChange={() => setReason(option)}
              />
              {option}
            </label>
          ))}
        </fieldset>
        <label className="report-listing__note">
          Note (optional)
          <textarea
            value={note}
            maxLength={NOTE_MAX}
            rows={3}
            onChange={(event) => setNote(event.target.value)}
          />
        </label>
        <div className="report-listing__buttons">
          <Button variant="secondary" onClick={() => dialog.current?.close()}>
            Cancel
          </Button>
          <Button type="submit" disabled={!reason || sending}>
            Send report
          </Button>
        </div>
      </form>
    </dialog>
  )
}
