/** What each account form says offline, instead of failing on submit. */
export const OFFLINE_MESSAGES = {
  signIn: 'You are offline. Signing in needs a connection.',
  signUp: 'You are offline. Signing up needs a connection.',
  resetLink: 'You are offline. Sending a reset link needs a connection.',
} as const

/** Shown above an account form's fields while the device is offline. */
export function OfflineNotice({ online, message }: { online: boolean; message: string }) {
  return (
    <p className="auth-page__offline" role="status" hidden={online}>
      {online ? null : message}
    </p>
  )
}
