import type { EmailContent } from './recovery-email'

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)

type Parts = { subject: string; lead: string; action: string; link?: string; otp: string; after: string }

function compose(parts: Parts): EmailContent {
  const text = [
    parts.lead,
    '',
    ...(parts.link
      ? [`${parts.action}:`, parts.link, '', `Or enter this code: ${parts.otp}`]
      : [`Your code: ${parts.otp}`]),
    '',
    parts.after,
  ].join('\n')
  const html = `<!doctype html><html lang="en"><body>
<h1>${escapeHtml(parts.subject)}</h1>
<p>${escapeHtml(parts.lead)}</p>
${parts.link ? `<p><a href="${escapeHtml(parts.link)}">${escapeHtml(parts.action)}</a></p>\n<p>Or enter this code: <strong>${escapeHtml(parts.otp)}</strong></p>` : `<p>Your code: <strong>${escapeHtml(parts.otp)}</strong></p>`}
<p>${escapeHtml(parts.after)}</p>
</body></html>`
  return { subject: parts.subject, text, html }
}

/** An invitation to a Roost account (`inviteUserByEmail`). */
export const inviteEmail = (link: string, otp: string) =>
  compose({
    subject: 'You have been invited to Roost',
    lead: 'You have been invited to create a Roost account.',
    action: 'Accept the invitation',
    link,
    otp,
    after: 'If you did not expect this, ignore this email.',
  })

/** A sign-in link and code (`signInWithOtp`). */
export const magicLinkEmail = (link: string, otp: string) =>
  compose({
    subject: 'Your Roost sign-in link',
    lead: 'Someone asked to sign in to Roost with this address.',
    action: 'Sign in',
    link,
    otp,
    after: 'If it was not you, ignore this email.',
  })

/** The address confirmation of a new account. */
export const confirmationEmail = (link: string, otp: string) =>
  compose({
    subject: 'Confirm your Roost account',
    lead: 'Confirm this address to finish creating your Roost account.',
    action: 'Confirm your address',
    link,
    otp,
    after: 'If you did not sign up, ignore this email.',
  })

/** The confirmation of a new address for an account. */
export const emailChangeEmail = (link: string, otp: string) =>
  compose({
    subject: 'Confirm your new Roost address',
    lead: 'Someone asked to use this address for a Roost account.',
    action: 'Confirm the new address',
    link,
    otp,
    after: 'If it was not you, ignore this email.',
  })

/** The code that confirms a sensitive change, such as a new password (`reauthenticate`). */
export const reauthenticationEmail = (otp: string) =>
  compose({
    subject: 'Confirm it is you',
    lead: 'Enter this code in Roost to confirm the change you asked for.',
    action: '',
    otp,
    after: 'If it was not you, change your password.',
  })
