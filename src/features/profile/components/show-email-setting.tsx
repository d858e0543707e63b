import { useEffect, useId, useState } from 'react'
import { useOnlineStatus } from '../../../hooks/use-online-status'
import { notify } from '../../../lib/toast'
import { getShowEmail, setShowEmail } from '../api/show-email'

/**
 * `Show my email to visitors`: on (the default), a listing's contact page offers the landlord's email as a
 * mail link; off, it offers `Send in Roost` only and the server gives the email to nobody.
 */
export function ShowEmailSetting({ userId }: { userId: string }) {
  const [shown, setShown] = useState<boolean | null>(null)
  const [saving, setSaving] = useState(false)
  const online = useOnlineStatus()
  const id = useId()

  useEffect(() => {
    if (!online) return
    let live = true
    getShowEmail(userId)
      .then((value) => live && setShown(value))
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

  return (
    <section className="profile-details" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="section-title">
        Contact
      </h2>
      <label className="checkbox-field" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          checked={shown ?? true}
          disabled={shown === null || saving || !online}
          onChange={(event) => void change(event.target.checked)}
        />{' '}
        Show my email to visitors
      </label>
      <p className="muted">Off, visitors write to you in Roost only, and your email is given to nobody.</p>
    </section>
  )
}
