import { Link, useNavigate } from '@tanstack/react-router'
import { type FormEvent, useEffect, useState } from 'react'
import { Button } from '../../../components/button'
import { PageHeader } from '../../../components/page-header'
import { PasswordField } from '../../../components/password-field'
import { PageSpinner, Spinner } from '../../../components/spinner'
import { useFormFields } from '../../../hooks/use-form-fields'
import { notify } from '../../../lib/toast'
import { startRecoverySession } from '../api/start-recovery-session'
import { updatePassword } from '../api/update-password'
import { AUTH_MESSAGES, PASSWORD_MIN_LENGTH, resetPasswordSchema } from '../auth-schemas'
import './auth-forms.css'

type LinkState = 'checking' | 'ready' | 'invalid'

/** The page an emailed reset link opens: checks the link, then asks for the new password. */
export function ResetPasswordScreen() {
  const [link, setLink] = useState<LinkState>('checking')
  const form = useFormFields({ password: '' })
  const [saving, setSaving] = useState(false)
  const navigate = useNavigate()

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

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const request = form.validate(resetPasswordSchema)
    if (!request || saving) return
    setSaving(true)
    try {
      await updatePassword(request.password)
      notify.success(AUTH_MESSAGES.passwordUpdated)
      await navigate({ to: '/profile' })
    } catch {
      notify.error(AUTH_MESSAGES.passwordNotUpdated)
      setSaving(false)
    }
  }

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
        <form ref={form.formRef} className="form form--card" noValidate onSubmit={handleSubmit}>
          <PasswordField
            label="New password"
            autoComplete="new-password"
            hint={`At least ${PASSWORD_MIN_LENGTH} characters`}
            {...form.field('password')}
          />
          <Button type="submit" block disabled={saving}>
            {saving ? <Spinner size="small" /> : null}
            Save New Password
          </Button>
        </form>
      )}
    </section>
  )
}
