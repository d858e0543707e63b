/**
 * The email a landlord gets about a new message while they are away: who wrote, about which listing, and
 * the link to the conversation in the app. It never carries the writer's email address, nor the message
 * itself (which may hold anything); replies are written in the app.
 */

export type MessageEmailFacts = {
  conversation_id: string
  recipient_name: string | null
  sender_name: string | null
  listing_name: string | null
}

export type MessageEmail = { subject: string; text: string; html: string }

/** A name typed by a person, fit for one line: control characters and runs of space folded, length capped. */
const oneLine = (text: string | null | undefined, max = 100) => {
  const folded = (text ?? '').replace(/[\p{Cc}\p{Cf}\s]+/gu, ' ').trim()
  return folded.length > max ? `${folded.slice(0, max - 1)}…` : folded
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)

/** The email for one conversation; `appUrl` is the app's address (links open the conversation there). */
export function messageEmail(facts: MessageEmailFacts, appUrl: string): MessageEmail {
  const who = oneLine(facts.sender_name) || 'Someone'
  const listing = oneLine(facts.listing_name)
  const hello = oneLine(facts.recipient_name, 60)
  const link = new URL(`messages/${facts.conversation_id}`, appUrl.endsWith('/') ? appUrl : `${appUrl}/`).href
  const about = listing ? `about ${listing}` : 'about your listing'
  const subject = `${who} sent you a message ${about}`
  const lines = [
    hello ? `Hello ${hello},` : 'Hello,',
    '',
    `${who} sent you a message in Roost ${about}.`,
    '',
    `Read it and reply in Roost: ${link}`,
    '',
    'You get this email because you have not opened Roost for a day. We send one email per conversation',
    'until you open the app again.',
  ]
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body><p>${escapeHtml(lines[0] ?? '')}</p>
<p><strong>${escapeHtml(who)}</strong> sent you a message in Roost ${listing ? `about <strong>${escapeHtml(listing)}</strong>` : 'about your listing'}.</p>
<p><a href="${escapeHtml(link)}">Read it and reply in Roost</a></p>
<p>You get this email because you have not opened Roost for a day. We send one email per conversation until you open the app again.</p>
</body></html>`
  return { subject, text: lines.join('\n'), html }
}
