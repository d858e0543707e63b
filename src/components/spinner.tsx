/** A loading indicator that screen readers announce as "Loading". */
export function Spinner({ size = 'medium' }: { size?: 'small' | 'medium' }) {
  return (
    <div className={`spinner spinner--${size}`} role="status" aria-label="Loading">
      <span className="spinner__ring" aria-hidden="true" />
    </div>
  )
}

/** The spinner, centred in the page area: the loading view of routes and of the sign-in guard. */
export function PageSpinner() {
  return (
    <div className="page-spinner">
      <Spinner />
    </div>
  )
}
