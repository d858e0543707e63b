import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { Button } from '../../../components/button'
import { signOut } from '../api/sign-out'

/** Logout: leaves for Explore, then ends the session (so the profile's guard does not send the user to sign in). */
export function LogoutButton() {
  const navigate = useNavigate()
  const [leaving, setLeaving] = useState(false)
  async function logout() {
    setLeaving(true)
    await navigate({ to: '/' })
    await signOut().catch(() => undefined)
  }
  return (
    <Button variant="secondary" disabled={leaving} onClick={() => void logout()}>
      Logout
    </Button>
  )
}
