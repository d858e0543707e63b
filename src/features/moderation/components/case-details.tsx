import type { ReactNode } from 'react'
import { actionLabel, formatWhen } from '../api/describe'
import type { ModerationCase } from '../api/get-moderation-queue'

/** What a decision needs to know about a listing in the queue: photos, appeal, reports, landlord. */
export function CaseDetails({ entry }: { entry: ModerationCase }) {
  return (
    <>
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
    </>
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
