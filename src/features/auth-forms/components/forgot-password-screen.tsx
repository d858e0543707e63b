import { Link } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import { Button } from '../../../components/button'
import { PageHeader } from '../../../components/page-header'
import { Spinner } from '../../../components/spinner'
import { TextField } from '../../../components/text-field'
import { useFormFields } from '../../../hooks/use-form-fields'
import { useOnlineStatus } from '../../../hooks/use-online-status'
import { notify } from '../../../lib/toast'
import { sendPasswordReset } from '../api/send-password-reset'
import { AUTH_MESSAGES, forgotPasswordSchema } from '../auth-schemas'
import './auth-forms.css'
import { OFFLINE_MESSAGES, OfflineNotice } from './offline-notice'

/** Forgot Password: emails a link to /reset-password. */
export function ForgotPasswordScreen() {
  const online = useOnlineStatus()
  const form = useFormFields({ email: '' })
  const [sending, setSending] = useState(false)

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const request = form.validate(forgotPasswordSchema)
    if (!request || sending) return
    setSending(true)
    try {
      await sendPasswordReset(request.email, new URL('/reset-password', window.location.origin).toString())
      notify.success(AUTH_MESSAGES.resetSent)
    } catch {
      notify.error(AUTH_MESSAGES.resetFailed)
    } finally {
      setSending(false)
    }
  }

  return (
    <section className="page auth-page" aria-labelledby="forgot-password-title">
      <PageHeader id="forgot-password-title" title="Forgot Password" />
      <OfflineNotice online={online} message={OFFLINE_MESSAGES.resetLink} />
      <form ref={form.formRef} className="form form--card" noValidate onSubmit={handleSubmit}>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          {...form.field('email')}
        />
        <Button type="submit" block disabled={sending || !online}>
          {sending ? <Spinner size="small" /> : null}
          Send Reset Link
        </Button>
      </form>
      <Link to="/sign-in" className="form__link auth-page__switch">
        Sign In
      </Link>
    </section>
  )
}
