/**
 * Sending through an HTTP mail API that speaks Resend's `POST /emails` (EMAIL_API_URL, `https://api.resend.com`
 * by default; the local stack's outbox locally), with extra headers and an Idempotency-Key. A 422 about the
 * recipient is the API saying the address cannot receive mail: a bounce, not worth a retry.
 */

export type MailSettings = { apiUrl: string; apiKey: string; from: string }

export type OutgoingMail = {
  to: string
  subject: string
  text: string
  html: string
  headers?: Record<string, string>
  idempotencyKey: string
}

export type MailOutcome = { ok: true } | { ok: false; bounced: boolean; error: string }

const SEND_TIMEOUT_MS = 10_000

export async function postEmail(settings: MailSettings, mail: OutgoingMail): Promise<MailOutcome> {
  const base = settings.apiUrl.replace(/\/+$/, '')
  try {
    const response = await fetch(`${base}/emails`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${settings.apiKey}`,
        'Content-Type': 'application/json',
        'Idempotency-Key': mail.idempotencyKey,
      },
      body: JSON.stringify({
        from: settings.from,
        to: [mail.to],
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...(mail.headers ? { headers: mail.headers } : {}),
      }),
      redirect: 'manual',
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    })
    const answer = await response.text()
    if (response.ok) return { ok: true }
    return {
      ok: false,
      bounced: response.status === 422 && /recipient|address/i.test(answer),
      error: `the mail API answered ${response.status}: ${answer.slice(0, 300)}`,
    }
  } catch (error) {
    return { ok: false, bounced: false, error: `the mail API did not answer: ${String(error)}` }
  }
}
