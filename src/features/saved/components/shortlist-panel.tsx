import { useState } from 'react'
import { keepInvitation, useKeptShortlist } from '../../../device/shortlist'
import { isNetworkError, toAppError } from '../../../lib/errors'
import { notify } from '../../../lib/toast'
import { createInvitation, leaveShortlist, revokeInvitations } from '../api/shortlist-remote'
import { shortlistChanged } from './shortlist-sync'

const NEEDS_CONNECTION = 'Sharing needs a connection. Please try again when you are online.'

/** The app's address of an invitation (the join page signs the person in first). */
const joinLink = (token: string) => `${window.location.origin}/join/${token}`

/**
 * Sharing the saved homes: `Share with someone` makes a link for one person (7 days), `Stop sharing` revokes
 * it, and once others joined, who they are and `Leave this shortlist`. What it shows opens offline.
 */
export default function ShortlistPanel({ userId }: { userId: string }) {
  const shortlist = useKeptShortlist(userId)
  const [busy, setBusy] = useState(false)
  if (!shortlist) return null
  const others = shortlist.members.filter((m) => m.userId !== userId)
  const act = async (work: () => Promise<void>) => {
    setBusy(true)
    try {
      await work()
      shortlistChanged()
    } catch (error) {
      notify.error(isNetworkError(error) ? NEEDS_CONNECTION : toAppError(error).message)
    } finally {
      setBusy(false)
    }
  }
  const share = () =>
    act(async () => {
      await keepInvitation(userId, await createInvitation())
    })
  const stopSharing = () =>
    act(async () => {
      await revokeInvitations()
      await keepInvitation(userId, null)
    })
  const leave = () =>
    act(async () => {
      await leaveShortlist()
      await keepInvitation(userId, null)
    })
  const link = shortlist.invitation ? joinLink(shortlist.invitation.token) : null
  return (
    <section className="shortlist-panel" aria-label="Shared shortlist">
      {others.length > 0 ? <p>Shared with {others.map((m) => m.name || 'someone').join(', ')}</p> : null}
      {link ? (
        <>
          <label className="field">
            <span className="field__label">Invitation link (one person, 7 days)</span>
            <input className="field__input" readOnly value={link} onFocus={(e) => e.currentTarget.select()} />
          </label>
          <div className="home-notes__actions">
            <button
              type="button"
              className="button button--secondary"
              onClick={() =>
                void navigator.clipboard?.writeText(link).then(() => notify.success('Link copied'))
              }
            >
              Copy link
            </button>
            <button type="button" className="button button--secondary" disabled={busy} onClick={stopSharing}>
              Stop sharing
            </button>
          </div>
        </>
      ) : others.length < 3 ? (
        <button type="button" className="button button--secondary" disabled={busy} onClick={share}>
          Share with someone
        </button>
      ) : null}
      {others.length > 0 ? (
        <button type="button" className="button button--ghost" disabled={busy} onClick={leave}>
          Leave this shortlist
        </button>
      ) : null}
    </section>
  )
}
