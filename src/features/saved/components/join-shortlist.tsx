import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { isNetworkError, toAppError } from '../../../lib/errors'
import { notify } from '../../../lib/toast'
import { acceptInvitation } from '../api/shortlist-remote'
import { shortlistChanged } from './shortlist-sync'

/** The page an invitation link opens, once signed in: join the shortlist, or the reason it cannot be joined. */
export function JoinShortlist({ token }: { token: string }) {
  const navigate = useNavigate()
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const join = async () => {
    setBusy(true)
    setProblem(null)
    try {
      await acceptInvitation(token)
      shortlistChanged()
      notify.success('You joined the shortlist')
      await navigate({ to: '/saved' })
    } catch (error) {
      setProblem(
        isNetworkError(error)
          ? 'Joining needs a connection. Please try again when you are online.'
          : toAppError(error).message,
      )
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className="shortlist-panel">
      <p>
        You were invited to share a shortlist of homes: you will both see the same saved homes, with each
        other's notes.
      </p>
      {problem ? (
        <p className="home-notes__error" role="alert">
          {problem}
        </p>
      ) : null}
      <button type="button" className="button button--primary" disabled={busy} onClick={join}>
        Join this shortlist
      </button>
    </div>
  )
}
