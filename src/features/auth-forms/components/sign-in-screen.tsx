import { Link } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { PasswordField } from '../../../components/password-field'
import { PageSpinner } from '../../../components/spinner'
import { useFormFields } from '../../../hooks/use-form-fields'
import { notify } from '../../../lib/toast'
import { SIGN_IN_REASONS, type SignInReason } from '../../../utils/sign-in-reason'
import { signInWithPassword } from '../api/sign-in-with-password'
import { AUTH_MESSAGES, signInSchema } from '../auth-schemas'
import { AuthScreen, EmailField, OrGoogle, SubmitButton, SwitchLink, useAuthSubmit } from './auth-form'
import { OFFLINE_MESSAGES } from './offline-notice'
import { useSignedInRedirect } from './use-signed-in-redirect'

/** What the address says about a return from Google: an error, a code being exchanged, or nothing. */
function readOAuthReturn(): 'error' | 'code' | null {
  const url = new URL(window.location.href)
  const hash = new URLSearchParams(url.hash.replace(/^#/, ''))
  if (url.searchParams.has('error') || hash.has('error')) return 'error'
  return url.searchParams.has('code') ? 'code' : null
}

type SignInScreenProps = {
  target: string
  redirect: string | undefined
  /** Why the visitor was sent here (Save search, Send in Roost, Report): said under the title. */
  reason?: SignInReason | undefined
}

/** Welcome Back: email and password, or Google; then on to `target`. */
export function SignInScreen({ target, redirect, reason }: SignInScreenProps) {
  const session = useSignedInRedirect(target)
  const form = useFormFields({ email: '', password: '' })
  const [oauthReturn] = useState(readOAuthReturn)
  const { busy, onSubmit } = useAuthSubmit({
    validate: () => form.validate(signInSchema),
    send: signInWithPassword,
    failure: AUTH_MESSAGES.badCredentials,
  })

  // Coming back from Google: a refused consent, or a code that did not turn into a session.
  useEffect(() => {
    if (oauthReturn === 'error' || (oauthReturn === 'code' && session.status === 'signedOut')) {
      notify.error(AUTH_MESSAGES.googleFailed)
      window.history.replaceState(
        window.history.state,
        '',
        `${window.location.pathname}${redirectQuery(redirect)}`,
      )
    }
  }, [oauthReturn, session.status, redirect])

  if (session.status !== 'signedOut') return <PageSpinner />

  return (
    <AuthScreen
      id="sign-in-title"
      title="Welcome Back"
      reason={reason ? SIGN_IN_REASONS[reason] : undefined}
      offlineMessage={OFFLINE_MESSAGES.signIn}
      formRef={form.formRef}
      onSubmit={onSubmit}
      footer={
        <SwitchLink to="/sign-up" redirect={redirect}>
          Sign Up Instead
        </SwitchLink>
      }
    >
      <EmailField {...form.field('email')} />
      <PasswordField label="Password" autoComplete="current-password" {...form.field('password')} />
      <Link to="/forgot-password" className="form__link auth-page__forgot">
        Forgot Password
      </Link>
      <SubmitButton busy={busy} needsConnection>
        Sign In
      </SubmitButton>
      <OrGoogle label="Continue with Google" returnTo={target} />
    </AuthScreen>
  )
}

const redirectQuery = (redirect: string | undefined) =>
  redirect ? `?${new URLSearchParams({ redirect })}` : ''
