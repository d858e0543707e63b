import { Link } from '@tanstack/react-router'
import { lazy, Suspense, useState } from 'react'
import './report-listing.css'

const ReportDialog = lazy(() => import('./report-dialog'))

/**
 * `Report this listing` on a listing's page. A visitor is asked to sign in first (one report per person); a
 * signed-in person opens the report dialog, loaded at the first press so the page's first render does not
 * carry it. A listing reported by three people whose reports count is hidden until it is reviewed.
 * `reporterEmail` is the signed-in person's, null for a visitor.
 */
export function ReportListing({
  listingId,
  reporterEmail,
}: {
  listingId: string
  reporterEmail: string | null
}) {
  // How many times the dialog was asked for: 0 until the first press, which loads it.
  const [opening, setOpening] = useState(0)
  const [done, setDone] = useState(false)

  if (reporterEmail === null)
    return (
      <Link
        to="/sign-in"
        search={{ redirect: `${location.pathname}${location.search}`, reason: 'report' }}
        className="report-listing__open"
      >
        Report this listing
      </Link>
    )

  return (
    <>
      <button
        type="button"
        className="report-listing__open"
        disabled={done}
        onClick={() => setOpening((count) => count + 1)}
      >
        {done ? 'Reported' : 'Report this listing'}
      </button>
      {opening > 0 ? (
        <Suspense fallback={null}>
          <ReportDialog
            listingId={listingId}
            reporterEmail={reporterEmail}
            opening={opening}
            onReported={() => setDone(true)}
          />
        </Suspense>
      ) : null}
    </>
  )
}
