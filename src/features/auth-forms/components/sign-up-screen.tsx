import { useNavigate } from '@tanstack/react-router'
import { PasswordField } from '../../../components/password-field'
import { PageSpinner } from '../../../components/spinner'
import { TextField } from '../../../components/text-field'
import { useFormFields } from '../../../hooks/use-form-fields'
import { notify } from '../../../lib/toast'
import { signUpWithPassword } from '../api/sign-up-with-password'
import { AUTH_MESSAGES, PASSWORD_MIN_LENGTH, signUpSchema } from '../auth-schemas'
import { AuthScreen, EmailField, OrGoogle, SubmitButton, SwitchLink, useAuthSubmit } from './auth-form'
import { OFFLINE_MESSAGES } from './offline-notice'
import { useSignedInRedirect } from './use-signed-in-redirect'

/** Ready to Sign Up: name, email and password, or Google; then on to `target`. */
export function SignUpScreen({ target, redirect }: { target: string; redirect: string | undefined }) {
  const session = useSignedInRedirect(target)
  const navigate = useNavigate()
  const form = useFormFields({ name: '', email: '', password: '' })
  const { busy, onSubmit } = useAuthSubmit({
    validate: () => form.validate(signUpSchema),
    async send(account) {
      const { signedIn } = await signUpWithPassword(account)
      if (!signedIn) {
        notify.info(AUTH_MESSAGES.confirmEmail)
        await navigate({ to: '/sign-in', search: redirect ? { redirect } : {} })
      }
    },
    failure: AUTH_MESSAGES.signUpFailed,
  })

  if (session.status !== 'signedOut') return <PageSpinner />

  return (
    <AuthScreen
      id="sign-up-title"
      title="Ready to Sign Up"
      offlineMessage={OFFLINE_MESSAGES.signUp}
      formRef={form.formRef}
      onSubmit={onSubmit}
      footer={
        <SwitchLink to="/sign-in" redirect={redirect}>
          Already got an account?
        </SwitchLink>
      }
    >
      <TextField label="Name" autoComplete="name" {...form.field('name')} />
      <EmailField {...form.field('email')} />
      <PasswordField
        label="Password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN_LENGTH} characters`}
        {...form.field('password')}
      />
      <SubmitButton busy={busy} needsConnection>
        Sign Up
      </SubmitButton>
      <OrGoogle label="Sign up with Google" returnTo={target} />
    </AuthScreen>
  )
}
