import { useNavigate } from '@tanstack/react-router'
import { useEffect } from 'react'
import { useSession } from '../../../hooks/use-session'

/** Once someone is signed in (a form, or coming back from Google), go on to where they were heading. */
export function useSignedInRedirect(target: string) {
  const session = useSession()
  const navigate = useNavigate()
  const signedIn = session.status === 'signedIn'
  useEffect(() => {
    if (signedIn) void navigate({ href: target, replace: true })
  }, [signedIn, target, navigate])
  return session
}
