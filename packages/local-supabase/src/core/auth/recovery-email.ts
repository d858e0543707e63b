const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)

export type EmailContent = { subject: string; text: string; html: string }

/** The password-reset email: the link to follow, and the code for verifyOtp. */
export function recoveryEmail(link: string, otp: string): EmailContent {
  const subject = 'Reset your Roost password'
  const text = [
    'Someone asked to reset the password of your Roost account.',
    '',
    'Follow this link to choose a new password:',
    link,
    '',
    `Or enter this code: ${otp}`,
    '',
    'If it was not you, ignore this email: your password stays the same.',
  ].join('\n')
  const html = `<!doctype html><html lang="en"><body>
<h1>Reset your Roost password</h1>
<p>Someone asked to reset the password of your Roost account.</p>
<p><a href="${escapeHtml(link)}">Choose a new password</a></p>
<p>Or enter this code: <strong>${escapeHtml(otp)}</strong></p>
<p>If it was not you, ignore this email: your password stays the same.</p>
</body></html>`
  return { subject, text, html }
}
