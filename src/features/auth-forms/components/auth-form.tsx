import { Link } from '@tanstack/react-router'
import { type ChangeEvent, type FormEvent, type ReactNode, type RefObject, useState } from 'react'
import { Button } from '../../../components/button'
import { PageHeader } from '../../../components/page-header'
import { Spinner } from '../../../components/spinner'
import { TextField } from '../../../components/text-field'
import { useOnlineStatus } from '../../../hooks/use-online-status'
import { notify } from '../../../lib/toast'
import { GoogleButton } from './google-button'
import './auth-forms.css'
import { OfflineNotice } from './offline-notice'

/**
 * What the account screens share (Welcome Back, Ready to Sign Up, Forgot Password, Reset Password): the
 * screen around the form, the email field, the submit button with its spinner, Google under `or`, the link
 * to the other screen, and one submission at a time.
 */

type AuthScreenProps = {
  /** The title's id, which names the screen. */
  id: string
  title: string
  /** Why the visitor was sent here, said under the title. */
  reason?: string | undefined
  /** What the screen says offline, above the form, instead of failing on submit. */
  offlineMessage: string
  formRef: RefObject<HTMLFormElement>
  onSubmit(event: FormEvent<HTMLFormElement>): void
  /** The form's fields and buttons, in its card. */
  children: ReactNode
  /** Under the card: the link to the other account screen. */
  footer: ReactNode
}

/** An account screen: its title, why it was opened, its offline notice, the form in a card, then `footer`. */
export function AuthScreen(props: AuthScreenProps) {
  const { id, title, reason, offlineMessage, formRef, onSubmit, children, footer } = props
  const online = useOnlineStatus()
  return (
    <section className="page auth-page" aria-labelledby={id}>
      <PageHeader id={id} title={title} />
      {reason ? <p className="auth-page__reason">{reason}</p> : null}
      <OfflineNotice online={online} message={offlineMessage} />
      <form ref={formRef} className="form form--card" noValidate onSubmit={onSubmit}>
        {children}
      </form>
      {footer}
    </section>
  )
}

/** A text field's binding to a form (`form.field('email')`). */
type BoundField = {
  name: string
  value: string
  error: string | undefined
  onChange(event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>): void
}

/** The Email field. */
export function EmailField(props: BoundField) {
  return <TextField label="Email" type="email" autoComplete="email" inputMode="email" {...props} />
}

/**
 * The form's main button: a spinner while the form is being sent, and disabled then, and offline when what it
 * does `needsConnection` (the screen says so above the form).
 */
export function SubmitButton({
  busy,
  needsConnection = false,
  children,
}: {
  busy: boolean
  needsConnection?: boolean
  children: ReactNode
}) {
  const online = useOnlineStatus()
  return (
    <Button type="submit" block disabled={busy || (needsConnection && !online)}>
      {busy ? <Spinner size="small" /> : null}
      {children}
    </Button>
  )
}

/** `or`, then the Google button (which comes back to the sign-in screen, forwarding to `returnTo`). */
export function OrGoogle({ label, returnTo }: { label: string; returnTo: string }) {
  return (
    <>
      <p className="form__divider">or</p>
      <GoogleButton label={label} returnTo={returnTo} />
    </>
  )
}

/** The link under the card to the other account screen, keeping where to go after signing in. */
export function SwitchLink({
  to,
  redirect,
  children,
}: {
  to: '/sign-in' | '/sign-up'
  redirect?: string | undefined
  children: ReactNode
}) {
  return (
    <Link to={to} search={redirect ? { redirect } : {}} className="form__link auth-page__switch">
      {children}
    </Link>
  )
}

/**
 * An account form's submit: `validate` shows the fields' errors and returns null when a rule is broken;
 * otherwise `send` runs, one at a time. A failure says `failure` and frees the button. After a success the
 * button stays busy while the screen moves on, unless `again` (a form that may be sent again).
 */
export function useAuthSubmit<Values>(options: {
  validate(): Values | null
  send(values: Values): Promise<unknown>
  failure: string
  again?: boolean
}) {
  const [busy, setBusy] = useState(false)
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const values = options.validate()
    if (!values || busy) return
    setBusy(true)
    try {
      await options.send(values)
      if (options.again) setBusy(false)
    } catch {
      notify.error(options.failure)
      setBusy(false)
    }
  }
  return { busy, onSubmit }
}
