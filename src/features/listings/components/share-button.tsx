import { useEffect, useState } from 'react'
import { ShareIcon } from '../../../components/icons'
import { notify } from '../../../lib/toast'
import './listing-page.css'

/** Spec §9: the 'Link Copied!' notice stays for 2000 ms. */
export const LINK_COPIED_MS = 2000

/** Shares the page through the device's share sheet where there is one; otherwise copies its link. */
export function ShareButton({ title }: { title: string }) {
  const [copied, setCopied] = useState(false)

  useEffect(() => {
    if (!copied) return
    const timer = window.setTimeout(() => setCopied(false), LINK_COPIED_MS)
    return () => window.clearTimeout(timer)
  }, [copied])

  const share = async () => {
    const url = window.location.href
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url })
        return
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') return
      }
    }
    try {
      await navigator.clipboard.writeText(url)
      setCopied(true)
    } catch {
      notify.error('Could not copy the link')
    }
  }

  return (
    <div className="share">
      <button type="button" className="icon-button" aria-label="Share this listing" onClick={share}>
        <ShareIcon size={20} />
      </button>
      <p className="share__notice" role="status">
        {copied ? 'Link Copied!' : ''}
      </p>
    </div>
  )
}
