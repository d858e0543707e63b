import { Link } from '@tanstack/react-router'
import { type FormEvent, useRef, useState } from 'react'
import { Button } from '../../../components/button'
import { notify } from '../../../lib/toast'
import { REPORT_REASONS, type ReportReason, reportListing } from '../api/report-listing'
import './report-listing.css'

export const REPORT_MESSAGES = {
  reported: 'Thank you. We will review this listing.',
  alreadyReported: 'You have already reported this listing.',
  failed: 'Could not send your report. Please try again.',
} as const

const NOTE_MAX = 1000

/**
 * `Report this listing` on a listing's page: a reason from the list and a note. A visitor is asked to sign in
 * first (one report per person); a listing reported by three people is hidden until it is reviewed.
 */
export function ReportListing({ listingId, signedIn }: { listingId: string; signedIn: boolean }) {
  const dialog = useRef<HTMLDialogElement>(null)
  const [reason, setReason] = useState<ReportReason | null>(null)
  const [note, setNote] = useState('')
  const [sending, setSending] = useState(false)
  const [done, setDone] = useState(false)

  if (!signedIn)
    return (
      <Link
        to="/sign-in"
        search={{ redirect: `${location.pathname}${location.search}` }}
        className="report-listing__open"
      >
        Report this listing
      </Link>
    )

  async function send(event: FormEvent) {
    event.preventDefault()
    if (!reason) return
    setSending(true)
    try {
      const outcome = await reportListing(listingId, reason, note)
      notify.success(outcome === 'reported' ? REPORT_MESSAGES.reported : REPORT_MESSAGES.alreadyReported)
      setDone(true)
      dialog.current?.close()
    } catch {
      notify.error(REPORT_MESSAGES.failed)
    } finally {
      setSending(false)
    }
  }

  return (
    <>
      <button
        type="button"
        className="report-listing__open"
        disabled={done}
        onClick={() => dialog.current?.showModal()}
      >
        {done ? 'Reported' : 'Report this listing'}
      </button>
      <dialog ref={dialog} className="report-listing__dialog" aria-labelledby="report-listing-title">
        <form onSubmit={(event) => void send(event)}>
          <h2 id="report-listing-title" className="section-title">
            Report this listing
          </h2>
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
    </>
  )
}
