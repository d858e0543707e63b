import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { useUnsentDraftCount } from '@/device/drafts'
import { forgetDeviceData } from '@/device/forget-device-data'
import { Button } from '../../../components/button'
import { signOut } from '../api/sign-out'

export const LOGOUT_MESSAGES = {
  unsentDrafts: 'You have unsent drafts on this device. Log out and delete them?',
} as const

/**
 * Logout: warns about drafts not yet published, ends the session (here even when offline), forgets this
 * device's data and cached photos, then goes to Explore.
 */
export function LogoutButton({ userId }: { userId: string }) {
  const navigate = useNavigate()
  const [leaving, setLeaving] = useState(false)
  // Counted ahead, live, so a click signs out at once.
  const unsent = useUnsentDraftCount(userId)
  async function logout() {
    if (unsent > 0 && !window.confirm(LOGOUT_MESSAGES.unsentDrafts)) return
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
