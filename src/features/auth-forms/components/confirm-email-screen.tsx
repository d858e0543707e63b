import { Link } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { PageHeader } from '../../../components/page-header'
import { PageSpinner } from '../../../components/spinner'
import { confirmEmailFromLink } from '../api/confirm-email'
import './auth-forms.css'

export const CONFIRM_EMAIL_MESSAGES = {
  confirmed: 'Your email is confirmed. You can report listings now.',
  invalid: 'This confirmation link is invalid or has expired. Ask for a new one where you report a listing.',
} as const

type LinkState = 'checking' | 'confirmed' | 'invalid'

/** The page an emailed confirmation link opens: signs in with the link and records the email as confirmed. */
export function ConfirmEmailScreen({ next }: { next: string }) {
  const [link, setLink] = useState<LinkState>('checking')
  // Where to go on, as the link said: the address is rewritten below, and the router may read it again.
  const [target] = useState(next)

  useEffect(() => {
    let current = true
    const url = new URL(window.location.href)
    void confirmEmailFromLink(url)
      .catch(() => false)
      .then((confirmed) => {
        if (!current) return
        // Tokens and codes are spent: keep them out of history and bookmarks (only `next` stays).
        const kept = new URLSearchParams()
        const nextParam = url.searchParams.get('next')
        if (nextParam) kept.set('next', nextParam)
        const search = kept.size > 0 ? `?${kept}` : ''
        window.history.replaceState(window.history.state, '', `${url.pathname}${search}`)
        setLink(confirmed ? 'confirmed' : 'invalid')
      })
    return () => {
      current = false
    }
  }, [])

  if (link === 'checking') return <PageSpinner />

  return (
    <section className="page auth-page" aria-labelledby="confirm-email-title">
      <PageHeader id="confirm-email-title" title="Confirm Email" />
      <div className="form form--card" role={link === 'confirmed' ? 'status' : 'alert'}>
        <p>{link === 'confirmed' ? CONFIRM_EMAIL_MESSAGES.confirmed : CONFIRM_EMAIL_MESSAGES.invalid}</p>
        <Link to={target} className="button button--primary button--block">
          Continue
        </Link>
      </div>
    </section>
  )
}
