import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { Button } from '../../../components/button'
import { signOut } from '../api/sign-out'

/** Logout: ends the session (locally even when offline), then goes to Explore. */
export function LogoutButton() {
  const navigate = useNavigate()
  const [leaving, setLeaving] = useState(false)
  async function logout() {
    setLeaving(true)
    await signOut().catch(() => undefined)
    await navigate({ to: '/', replace: true })
  }
  return (
    <Button variant="secondary" disabled={leaving} onClick={() => void logout()}>
      Logout
    </Button>
  )
}
