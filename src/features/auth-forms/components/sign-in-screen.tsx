import { Link } from '@tanstack/react-router'
import { type FormEvent, useEffect, useState } from 'react'
import { Button } from '../../../components/button'
import { PageHeader } from '../../../components/page-header'
import { PasswordField } from '../../../components/password-field'
import { PageSpinner, Spinner } from '../../../components/spinner'
import { TextField } from '../../../components/text-field'
import { useFormFields } from '../../../hooks/use-form-fields'
import { useOnlineStatus } from '../../../hooks/use-online-status'
import { notify } from '../../../lib/toast'
import { SIGN_IN_REASONS, type SignInReason } from '../../../utils/sign-in-reason'
import { signInWithPassword } from '../api/sign-in-with-password'
import { AUTH_MESSAGES, signInSchema } from '../auth-schemas'
import { GoogleButton } from './google-button'
import './auth-forms.css'
import { OFFLINE_MESSAGES, OfflineNotice } from './offline-notice'
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
  const online = useOnlineStatus()
  const form = useFormFields({ email: '', password: '' })
  const [submitting, setSubmitting] = useState(false)
  const [oauthReturn] = useState(readOAuthReturn)

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

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const credentials = form.validate(signInSchema)
    if (!credentials || submitting) return
    setSubmitting(true)
    try {
      await signInWithPassword(credentials)
    } catch {
      notify.error(AUTH_MESSAGES.badCredentials)
      setSubmitting(false)
    }
  }

  return (
    <section className="page auth-page" aria-labelledby="sign-in-title">
      <PageHeader id="sign-in-title" title="Welcome Back" />
      {reason ? <p className="auth-page__reason">{SIGN_IN_REASONS[reason]}</p> : null}
      <OfflineNotice online={online} message={OFFLINE_MESSAGES.signIn} />
      <form ref={form.formRef} className="form form--card" noValidate onSubmit={handleSubmit}>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          {...form.field('email')}
        />
        <PasswordField label="Password" autoComplete="current-password" {...form.field('password')} />
        <Link to="/forgot-password" className="form__link auth-page__forgot">
          Forgot Password
        </Link>
        <Button type="submit" block disabled={submitting || !online}>
          {submitting ? <Spinner size="small" /> : null}
          Sign In
        </Button>
        <p className="form__divider">or</p>
        <GoogleButton label="Continue with Google" returnTo={target} />
      </form>
      <Link to="/sign-up" search={redirect ? { redirect } : {}} className="form__link auth-page__switch">
        Sign Up Instead
      </Link>
    </section>
  )
}

const redirectQuery = (redirect: string | undefined) =>
  redirect ? `?${new URLSearchParams({ redirect })}` : ''
