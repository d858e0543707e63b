import { useEffect, useId, useState } from 'react'
import { useOnlineStatus } from '../../../hooks/use-online-status'
import { notify } from '../../../lib/toast'
import { getShowEmail, ownsListings, setShowEmail } from '../api/show-email'

/** What the setting does, said for the state it is in. */
export const SHOW_EMAIL_HINTS = {
  on: 'On, visitors see your email on your listings’ contact page and can write to you in Roost too.',
  off: 'Off, visitors write to you in Roost only, and your email is given to nobody.',
} as const

/**
 * `Show my email to visitors`: on (the default), a listing's contact page offers the landlord's email as a
 * mail link; off, it offers `Send in Roost` only and the server gives the email to nobody. Shown to people
 * with listings only: nobody else is contacted.
 */
export function ShowEmailSetting({ userId }: { userId: string }) {
  const [shown, setShown] = useState<boolean | null>(null)
  const [landlord, setLandlord] = useState(false)
  const [saving, setSaving] = useState(false)
  const online = useOnlineStatus()
  const id = useId()

  useEffect(() => {
    if (!online) return
    let live = true
    Promise.all([getShowEmail(userId), ownsListings(userId)])
      .then(([value, owns]) => {
        if (!live) return
        setShown(value)
        setLandlord(owns)
      })
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [userId, online])

  const change = async (next: boolean) => {
    // The box shows the choice at once, as a checkbox does, and goes back if the server refuses it.
    const before = shown
    setShown(next)
    setSaving(true)
    try {
      await setShowEmail(userId, next)
    } catch {
      setShown(before)
      notify.error('Could not change the setting. Try again.')
    } finally {
      setSaving(false)
    }
  }

  if (!landlord || shown === null) return null
  return (
    <section className="profile-details" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="section-title">
        Contact
      </h2>
      <label className="checkbox-field" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          checked={shown}
          aria-describedby={`${id}-hint`}
          disabled={saving || !online}
          onChange={(event) => void change(event.target.checked)}
        />{' '}
        Show my email to visitors
      </label>
      <p id={`${id}-hint`} className="muted">
        {shown ? SHOW_EMAIL_HINTS.on : SHOW_EMAIL_HINTS.off}
      </p>
    </section>
  )
}
