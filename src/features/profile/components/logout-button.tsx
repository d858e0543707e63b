import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { Button } from '../../../components/button'
import { useUnsentDraftCount } from '../../../device/drafts'
import { forgetDeviceData } from '../../../device/forget-device-data'
import { useUnsentWriteCount } from '../../../device/outbox'
import { signOut } from '../api/sign-out'

export const LOGOUT_MESSAGES = {
  unsentDrafts: 'You have unsent drafts on this device. Log out and delete them?',
  unsentChanges: 'Changes to your saved searches have not reached your account yet. Log out and lose them?',
  unsentBoth:
    'You have unsent drafts, and changes to your saved searches that have not reached your account yet. Log out and lose them?',
} as const

/**
 * Logout: warns about drafts not yet published and changes still in the outbox, ends the session (here even when offline), forgets this
 * device's data and cached photos, then goes to Explore.
 */
export function LogoutButton({ userId }: { userId: string }) {
  const navigate = useNavigate()
  const [leaving, setLeaving] = useState(false)
  // Counted ahead, live, so a click signs out at once.
  const unsent = useUnsentDraftCount(userId)
  const unsentChanges = useUnsentWriteCount(userId)
  async function logout() {
    const warning =
      unsent > 0 && unsentChanges > 0
        ? LOGOUT_MESSAGES.unsentBoth
        : unsent > 0
          ? LOGOUT_MESSAGES.unsentDrafts
          : unsentChanges > 0
            ? LOGOUT_MESSAGES.unsentChanges
            : null
    if (warning && !window.confirm(warning)) return
    setLeaving(true)
    await signOut().catch(() => undefined)
    await forgetDeviceData()
    await navigate({ to: '/', replace: true })
  }
  return (
    <Button variant="secondary" disabled={leaving} onClick={() => void logout()}>
      Logout
    </Button>
  )
}
