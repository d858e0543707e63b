import { useState } from 'react'
import { Button } from '../../../components/button'
import { notify } from '../../../lib/toast'
import { signInWithGoogle } from '../api/sign-in-with-google'
import { AUTH_MESSAGES } from '../auth-schemas'

/** Signs in or up with Google, coming back to the sign-in screen, which forwards to returnTo. */
export function GoogleButton({ label, returnTo }: { label: string; returnTo: string }) {
  const [leaving, setLeaving] = useState(false)
  async function start() {
    setLeaving(true)
    const back = new URL('/sign-in', window.location.origin)
    back.searchParams.set('redirect', returnTo)
    try {
      await signInWithGoogle(back.toString())
    } catch {
      notify.error(AUTH_MESSAGES.googleFailed)
      setLeaving(false)
    }
  }
  return (
    <Button variant="secondary" block disabled={leaving} onClick={() => void start()}>
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path
          fill="#4285F4"
          d="M22.5 12.3c0-.8-.1-1.5-.2-2.3H12v4.3h5.9a5 5 0 0 1-2.2 3.3v2.7h3.5c2.1-1.9 3.3-4.7 3.3-8z"
        />
        <path
          fill="#34A853"
          d="M12 23c3 0 5.5-1 7.3-2.7l-3.5-2.7c-1 .7-2.3 1.1-3.8 1.1-2.9 0-5.4-2-6.3-4.6H2.1v2.8A11 11 0 0 0 12 23z"
        />
        <path fill="#FBBC05" d="M5.7 14.1a6.6 6.6 0 0 1 0-4.2V7.1H2.1a11 11 0 0 0 0 9.8z" />
        <path
          fill="#EA4335"
          d="M12 5.4c1.6 0 3.1.6 4.2 1.7l3.1-3.1A11 11 0 0 0 2.1 7.1l3.6 2.8C6.6 7.3 9.1 5.4 12 5.4z"
        />
      </svg>
      {label}
    </Button>
  )
}
