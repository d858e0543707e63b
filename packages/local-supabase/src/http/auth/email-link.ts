import {
  confirmationEmail,
  emailChangeEmail,
  inviteEmail,
  magicLinkEmail,
  reauthenticationEmail,
} from '../../core/auth/auth-emails'
import type { PkceParams } from '../../core/auth/pkce'
import { type EmailContent, recoveryEmail } from '../../core/auth/recovery-email'
import { type LinkType, storeEmailToken } from '../../core/auth/store/email-token-store'
import { createFlowState } from '../../core/auth/store/flow-store'
import type { Sql } from '../../core/auth/store/sql'
import { newOtp, PKCE_PREFIX, tokenHash } from '../../core/auth/tokens'
import type { AuthContext } from './context'

/** The `amr` method (and flow authentication method) of each link type. */
export const LINK_METHOD: Record<LinkType, string> = {
  signup: 'email/signup',
  invite: 'invite',
  magiclink: 'magiclink',
  recovery: 'recovery',
  email_change: 'email_change',
}

export type IssuedLink = {
  link: string
  otp: string
  hashedToken: string
  /** The address the link is for: the new one for an email change. */
  to: string
  type: LinkType
}

/**
 * Issues an email link as GoTrue's mailer does: a six-digit code, its hash (SHA-224 of address and code)
 * stored on the user, and `<auth>/verify?token=<hash>&type=&redirect_to=`. With a PKCE challenge the
 * stored token carries the `pkce_` prefix and a flow waits for the code exchange.
 */
export async function issueEmailLink(
  sql: Sql,
  ctx: AuthContext,
  input: {
    userId: string
    email: string
    type: LinkType
    redirectTo: string
    newEmail?: string
    pkce?: PkceParams
  },
): Promise<IssuedLink> {
  const otp = newOtp()
  const to = input.type === 'email_change' ? (input.newEmail ?? input.email) : input.email
  const hashedToken = tokenHash(to, otp)
  let stored = hashedToken
  if (input.pkce?.kind === 'pkce') {
    await createFlowState(sql, {
      userId: input.userId,
      challenge: input.pkce.challenge,
      method: input.pkce.method,
      providerType: LINK_METHOD[input.type],
      authenticationMethod: LINK_METHOD[input.type],
    })
    stored = PKCE_PREFIX + hashedToken
  }
  await storeEmailToken(sql, input.userId, input.type, stored, input.newEmail)
  const query = new URLSearchParams({ token: stored, type: input.type, redirect_to: input.redirectTo })
  return { link: `${ctx.authUrl}/verify?${query}`, otp, hashedToken, to, type: input.type }
}

const CONTENT: Record<LinkType, (link: string, otp: string) => EmailContent> = {
  signup: confirmationEmail,
  invite: inviteEmail,
  magiclink: magicLinkEmail,
  recovery: recoveryEmail,
  email_change: emailChangeEmail,
}

/** Puts the email of an issued link in the outbox. */
export async function mailLink(ctx: AuthContext, issued: IssuedLink): Promise<void> {
  await ctx.deps.outbox.send({
    to: [{ name: '', address: issued.to }],
    ...CONTENT[issued.type](issued.link, issued.otp),
  })
}

/** Issues a reauthentication nonce (a code only, no link) and mails it. */
export async function mailReauthenticationNonce(
  sql: Sql,
  ctx: AuthContext,
  userId: string,
  email: string,
): Promise<void> {
  const otp = newOtp()
  await storeEmailToken(sql, userId, 'reauthentication', tokenHash(email, otp))
  await ctx.deps.outbox.send({ to: [{ name: '', address: email }], ...reauthenticationEmail(otp) })
}
