import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { Button } from '../../../components/button'
import { countUnsentDrafts, forgetDeviceData } from '../api/forget-device-data'
import { signOut } from '../api/sign-out'

export const LOGOUT_MESSAGES = {
  unsentDrafts: 'You have unsent drafts on this device. Log out and delete them?',
} as const

/**
 * Logout: warns about drafts not yet published, forgets this device's data and cached photos, ends the
 * session (locally even when offline), then goes to Explore.
 */
export function LogoutButton({ userId }: { userId: string }) {
  const navigate = useNavigate()
  const [leaving, setLeaving] = useState(false)
  async function logout() {
    if ((await countUnsentDrafts(userId)) > 0 && !window.confirm(LOGOUT_MESSAGES.unsentDrafts)) return
    setLeaving(true)
    await forgetDeviceData()
    await signOut().catch(() => undefined)
    await navigate({ to: '/', replace: true })
  }
  return (
    <Button variant="secondary" disabled={leaving} onClick={() => void logout()}>
      Logout
    </Button>
  )
}
