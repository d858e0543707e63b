import { Link, useNavigate } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { PageHeader } from '../../../components/page-header'
import { PasswordField } from '../../../components/password-field'
import { PageSpinner } from '../../../components/spinner'
import { useFormFields } from '../../../hooks/use-form-fields'
import { notify } from '../../../lib/toast'
import { startRecoverySession } from '../api/start-recovery-session'
import { updatePassword } from '../api/update-password'
import { AUTH_MESSAGES, PASSWORD_MIN_LENGTH, resetPasswordSchema } from '../auth-schemas'
import { SubmitButton, useAuthSubmit } from './auth-form'
import './auth-forms.css'

type LinkState = 'checking' | 'ready' | 'invalid'

/** The page an emailed reset link opens: checks the link, then asks for the new password. */
export function ResetPasswordScreen() {
  const [link, setLink] = useState<LinkState>('checking')
  const form = useFormFields({ password: '' })
  const navigate = useNavigate()
  const { busy, onSubmit } = useAuthSubmit({
    validate: () => form.validate(resetPasswordSchema),
    async send(request) {
      await updatePassword(request.password)
      notify.success(AUTH_MESSAGES.passwordUpdated)
      await navigate({ to: '/profile' })
    },
    failure: AUTH_MESSAGES.passwordNotUpdated,
  })

  useEffect(() => {
    let current = true
    const url = new URL(window.location.href)
    void startRecoverySession(url)
      .catch(() => false)
      .then((ready) => {
        if (!current) return
        // Tokens and codes are spent: keep them out of history and bookmarks.
        if (url.hash || url.search) window.history.replaceState(window.history.state, '', url.pathname)
        setLink(ready ? 'ready' : 'invalid')
      })
    return () => {
      current = false
    }
  }, [])

  if (link === 'checking') return <PageSpinner />

  return (
    <section className="page auth-page" aria-labelledby="reset-password-title">
      <PageHeader id="reset-password-title" title="Reset Password" />
      {link === 'invalid' ? (
        <div className="form form--card" role="alert">
          <p>This password reset link is invalid or has expired. Ask for a new one.</p>
          <Link to="/forgot-password" className="button button--primary button--block">
            Send a new link
          </Link>
        </div>
      ) : (
        <form ref={form.formRef} className="form form--card" noValidate onSubmit={onSubmit}>
          <PasswordField
            label="New password"
            autoComplete="new-password"
            hint={`At least ${PASSWORD_MIN_LENGTH} characters`}
            {...form.field('password')}
          />
          <SubmitButton busy={busy}>Save New Password</SubmitButton>
        </form>
      )}
    </section>
  )
}
