import { useState } from 'react'
import { Button } from './button'

type LoadMoreButtonProps = {
  /** Fetches the next page; the button shows that it is loading, and takes no second tap, until it settles. */
  onLoad: () => unknown
}

/**
 * A list's Load More. It keeps its own loading state, so a tap redraws the button alone and not the list
 * above it: on a slow phone the tap's next paint comes at once. While loading it is aria-disabled rather
 * than disabled: a disabled button would drop the keyboard's focus to the page's start.
 */
export function LoadMoreButton({ onLoad }: LoadMoreButtonProps) {
  const [busy, setBusy] = useState(false)
  const load = async () => {
    if (busy) return
    setBusy(true)
    try {
      await onLoad()
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className="load-more">
      <Button variant="secondary" onClick={() => void load()} aria-disabled={busy} aria-busy={busy}>
        {busy ? <span className="spinner__ring spinner__ring--small" aria-hidden="true" /> : null}
        Load More
      </Button>
    </div>
  )
}
