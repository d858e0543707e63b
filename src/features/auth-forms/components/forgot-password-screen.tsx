import { useFormFields } from '../../../hooks/use-form-fields'
import { notify } from '../../../lib/toast'
import { sendPasswordReset } from '../api/send-password-reset'
import { AUTH_MESSAGES, forgotPasswordSchema } from '../auth-schemas'
import { AuthScreen, EmailField, SubmitButton, SwitchLink, useAuthSubmit } from './auth-form'
import { OFFLINE_MESSAGES } from './offline-notice'

/** Forgot Password: emails a link to /reset-password. */
export function ForgotPasswordScreen() {
  const form = useFormFields({ email: '' })
  const { busy, onSubmit } = useAuthSubmit({
    validate: () => form.validate(forgotPasswordSchema),
    async send(request) {
      await sendPasswordReset(request.email, new URL('/reset-password', window.location.origin).toString())
      notify.success(AUTH_MESSAGES.resetSent)
    },
    failure: AUTH_MESSAGES.resetFailed,
    again: true,
  })

  return (
    <AuthScreen
      id="forgot-password-title"
      title="Forgot Password"
      offlineMessage={OFFLINE_MESSAGES.resetLink}
      formRef={form.formRef}
      onSubmit={onSubmit}
      footer={<SwitchLink to="/sign-in">Sign In</SwitchLink>}
    >
      <EmailField {...form.field('email')} />
      <SubmitButton busy={busy} needsConnection>
        Send Reset Link
      </SubmitButton>
    </AuthScreen>
  )
}
