import { useState } from 'react'
import { Button } from './button'

/**
 * How long a page may take before Load More shows a spinner. The button dims at once (aria-disabled); a page
 * that arrives sooner never flashes one, and the tap's own frame stays light: starting the spinner's
 * animation is what made that frame slow on a slow phone (20–40 ms of the next paint at 4× CPU).
 */
const LOAD_MORE_SPINNER_DELAY_MS = 200

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
  // 'slow': loading for longer than the spinner's delay.
  const [state, setState] = useState<'idle' | 'loading' | 'slow'>('idle')
  const busy = state !== 'idle'
  const load = async () => {
    if (busy) return
    setState('loading')
    const spinnerDue = setTimeout(() => setState('slow'), LOAD_MORE_SPINNER_DELAY_MS)
    try {
      await onLoad()
    } finally {
      clearTimeout(spinnerDue)
      setState('idle')
    }
  }
  return (
    <div className="load-more">
      <Button variant="secondary" onClick={() => void load()} aria-disabled={busy} aria-busy={busy}>
        {state === 'slow' ? <span className="spinner__ring spinner__ring--small" aria-hidden="true" /> : null}
        Load More
      </Button>
    </div>
  )
}
