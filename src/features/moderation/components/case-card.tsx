import { type ReactNode, useId, useState } from 'react'
import { Button } from '../../../components/button'
import { notify } from '../../../lib/toast'
import {
  ALREADY_DECIDED,
  askToFix,
  keepListed,
  TAKE_DOWN_REASONS,
  type TakeDownReason,
  takeDown,
} from '../api/decide'
import { actionLabel, formatWhen } from '../api/describe'
import type { ModerationCase } from '../api/get-moderation-queue'

export const DECISION_MESSAGES = {
  keptListed: (name: string) => `"${name}" stays listed.`,
  takenDown: (name: string) => `"${name}" was taken down.`,
  askedToFix: (name: string) => `We asked the landlord to fix "${name}".`,
  ownAppeal: 'You made the decision under appeal: another moderator decides it.',
  failed: 'The decision could not be saved. Please try again.',
} as const

type Step = 'choose' | 'take-down' | 'ask-to-fix'

/** One listing in the queue: its photos, reports, landlord, past decisions, and the three decisions. */
export function CaseCard({ entry, onDecided }: { entry: ModerationCase; onDecided: () => void }) {
  const titleId = useId()
  const [step, setStep] = useState<Step>('choose')
  const [reason, setReason] = useState<TakeDownReason | ''>('')
  const [note, setNote] = useState('')
  const [sending, setSending] = useState(false)
  const blocked = entry.appeal !== null && !entry.appeal.can_decide

  async function decide(work: () => Promise<void>, done: string) {
    setSending(true)
    try {
      await work()
      notify.success(done)
      onDecided()
    } catch (error) {
      const message = error instanceof Error ? error.message : ''
      if (message === ALREADY_DECIDED) {
        notify.error(ALREADY_DECIDED)
        onDecided()
      } else notify.error(message || DECISION_MESSAGES.failed)
    } finally {
      setSending(false)
    }
  }

  return (
    <article className="moderation-case" aria-labelledby={titleId}>
      <h2 id={titleId} className="moderation-case__title">
        {entry.listingName}
      </h2>
      <p className="moderation-case__tags">
        {entry.hidden ? <span className="moderation-case__tag">Hidden</span> : null}
        {entry.appeal ? <span className="moderation-case__tag">Appeal</span> : null}
        <span>
          {entry.listingType === 'rent' ? 'To rent' : 'For sale'} · {entry.listingLocation} · in the queue
          since {formatWhen(entry.openedAt)}
        </span>
      </p>
      <ul className="moderation-case__photos" aria-label="Photos">
        {entry.imageUrls.map((url, index) => (
          <li key={url}>
            <img
              src={url}
              alt={`${entry.listingName}, ${index + 1} of ${entry.imageUrls.length}`}
              loading="lazy"
              width={120}
              height={90}
            />
          </li>
        ))}
      </ul>
      {entry.appeal ? (
        <Section title="Appeal">
          <p>
            {actionLabel(entry.appeal.decision)}
            {entry.appeal.reason ? `: ${entry.appeal.reason}` : ''} by{' '}
            {entry.appeal.moderator_email ?? 'a former moderator'} on {formatWhen(entry.appeal.decided_at)}.
          </p>
          {entry.appeal.appeal_note ? <p>The landlord says: {entry.appeal.appeal_note}</p> : null}
        </Section>
      ) : null}
      <Section title={`Reports (${entry.reports.length})`}>
        <ul>
          {entry.reports.map((report) => (
            <li key={report.at}>
              <strong>{report.reason}</strong>
              {report.note ? `: ${report.note}` : ''}{' '}
              <small>
                {report.counts ? 'counts' : `does not count: ${report.not_counted_because ?? 'older report'}`}
              </small>
            </li>
          ))}
        </ul>
      </Section>
      <Section title={`Landlord: ${entry.landlordEmail ?? 'unknown'}`}>
        <p>
          Other listings:{' '}
          {entry.otherListings.length
            ? entry.otherListings.map((listing) => listing.name).join(', ')
            : 'none'}
        </p>
        <p>Past decisions:</p>
        <ul>
          {entry.pastDecisions.length === 0 ? <li>none</li> : null}
          {entry.pastDecisions.map((past) => (
            <li key={`${past.decided_at}-${past.listing_name}`}>
              {past.listing_name}: {actionLabel(past.decision)}
              {past.reason ? ` (${past.reason})` : ''}, {formatWhen(past.decided_at)}
            </li>
          ))}
        </ul>
      </Section>
      {blocked ? (
        <p role="note">{DECISION_MESSAGES.ownAppeal}</p>
      ) : step === 'choose' ? (
        <div className="moderation-case__decisions">
          <Button
            disabled={sending}
            onClick={() =>
              void decide(() => keepListed(entry.caseId, ''), DECISION_MESSAGES.keptListed(entry.listingName))
            }
          >
            Keep listed
          </Button>
          <Button variant="destructive" disabled={sending} onClick={() => setStep('take-down')}>
            Take down
          </Button>
          <Button variant="secondary" disabled={sending} onClick={() => setStep('ask-to-fix')}>
            Ask the landlord to fix
          </Button>
        </div>
      ) : (
        <form
          className="moderation-case__form"
          onSubmit={(event) => {
            event.preventDefault()
            if (step === 'take-down' && reason)
              void decide(
                () => takeDown(entry.caseId, reason, note),
                DECISION_MESSAGES.takenDown(entry.listingName),
              )
            if (step === 'ask-to-fix' && note.trim())
              void decide(() => askToFix(entry.caseId, note), DECISION_MESSAGES.askedToFix(entry.listingName))
          }}
        >
          {step === 'take-down' ? (
            <label>
              Reason
              <select
                value={reason}
                required
                onChange={(event) => setReason(event.target.value as TakeDownReason)}
              >
                <option value="">Choose a reason</option>
                {TAKE_DOWN_REASONS.map((option) => (
                  <option key={option}>{option}</option>
                ))}
              </select>
            </label>
          ) : null}
          <label>
            {step === 'take-down' ? 'Note' : 'What to fix'}
            <textarea
              value={note}
              maxLength={1000}
              rows={3}
              onChange={(event) => setNote(event.target.value)}
            />
          </label>
          <div className="moderation-case__decisions">
            <Button variant="secondary" onClick={() => setStep('choose')}>
              Cancel
            </Button>
            <Button
              type="submit"
              variant={step === 'take-down' ? 'danger' : 'primary'}
              disabled={sending || (step === 'take-down' ? !reason : !note.trim())}
            >
              {step === 'take-down' ? 'Confirm take down' : 'Send to the landlord'}
            </Button>
          </div>
        </form>
      )}
    </article>
  )
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="moderation-case__section">
      <h3>{title}</h3>
      {children}
    </section>
  )
}
