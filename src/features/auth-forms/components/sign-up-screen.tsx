import { Link, useNavigate } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import { Button } from '../../../components/button'
import { PageHeader } from '../../../components/page-header'
import { PasswordField } from '../../../components/password-field'
import { PageSpinner, Spinner } from '../../../components/spinner'
import { TextField } from '../../../components/text-field'
import { useFormFields } from '../../../hooks/use-form-fields'
import { useOnlineStatus } from '../../../hooks/use-online-status'
import { notify } from '../../../lib/toast'
import { signUpWithPassword } from '../api/sign-up-with-password'
import { AUTH_MESSAGES, PASSWORD_MIN_LENGTH, signUpSchema } from '../auth-schemas'
import { GoogleButton } from './google-button'
import './auth-forms.css'
import { OFFLINE_MESSAGES, OfflineNotice } from './offline-notice'
import { useSignedInRedirect } from './use-signed-in-redirect'

/** Ready to Sign Up: name, email and password, or Google; then on to `target`. */
export function SignUpScreen({ target, redirect }: { target: string; redirect: string | undefined }) {
  const session = useSignedInRedirect(target)
  const navigate = useNavigate()
  const online = useOnlineStatus()
  const form = useFormFields({ name: '', email: '', password: '' })
  const [submitting, setSubmitting] = useState(false)

  if (session.status !== 'signedOut') return <PageSpinner />

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const account = form.validate(signUpSchema)
    if (!account || submitting) return
    setSubmitting(true)
    try {
      const { signedIn } = await signUpWithPassword(account)
      if (!signedIn) {
        notify.info(AUTH_MESSAGES.confirmEmail)
        await navigate({ to: '/sign-in', search: redirect ? { redirect } : {} })
      }
    } catch {
      notify.error(AUTH_MESSAGES.signUpFailed)
      setSubmitting(false)
    }
  }

  return (
    <section className="page auth-page" aria-labelledby="sign-up-title">
      <PageHeader id="sign-up-title" title="Ready to Sign Up" />
      <OfflineNotice online={online} message={OFFLINE_MESSAGES.signUp} />
      <form ref={form.formRef} className="form form--card" noValidate onSubmit={handleSubmit}>
        <TextField label="Name" autoComplete="name" {...form.field('name')} />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          {...form.field('email')}
        />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters`}
          {...form.field('password')}
        />
        <Button type="submit" block disabled={submitting || !online}>
          {submitting ? <Spinner size="small" /> : null}
          Sign Up
        </Button>
        <p className="form__divider">or</p>
        <GoogleButton label="Sign up with Google" returnTo={target} />
      </form>
      <Link to="/sign-in" search={redirect ? { redirect } : {}} className="form__link auth-page__switch">
        Already got an account?
      </Link>
    </section>
  )
}
