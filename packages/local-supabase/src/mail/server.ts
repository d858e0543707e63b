import { Hono } from 'hono'
import { z } from 'zod'
import type { MailAddress, Message, Outbox } from './outbox'

const address = (a: MailAddress) => ({ Name: a.name, Address: a.address })

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)

/** Mailpit's message summary (GET /api/v1/messages). */
function summary(message: Message) {
  return {
    ID: message.id,
    MessageID: `${message.id}@roost.local`,
    Read: false,
    From: address(message.from),
    To: message.to.map(address),
    Cc: [],
    Bcc: [],
    ReplyTo: [],
    Subject: message.subject,
    Created: message.created,
    Tags: [],
    Size: message.text.length + message.html.length,
    Attachments: 0,
    Snippet: message.text.replace(/\s+/g, ' ').trim().slice(0, 250),
  }
}

/** Mailpit's `search` query, the part tests use: `to:<address>`, `subject:<words>`, or free text. */
function matches(message: Message, query: string): boolean {
  return query
    .split(/\s+/)
    .filter(Boolean)
    .every((term) => {
      const [key, ...rest] = term.split(':')
      const value = rest.join(':').toLowerCase()
      if (rest.length && key === 'to')
        return message.to.some((to) => to.address.toLowerCase().includes(value))
      if (rest.length && key === 'subject') return message.subject.toLowerCase().includes(value)
      const needle = term.toLowerCase()
      return `${message.subject} ${message.text}`.toLowerCase().includes(needle)
    })
}

function page(messages: Message[], start: number, limit: number, total: number) {
  const slice = messages.slice(start, start + limit)
  return {
    total,
    unread: total,
    count: slice.length,
    messages_count: messages.length,
    start,
    tags: [],
    messages: slice.map(summary),
  }
}

const linksOf = (text: string) => text.match(/https?:\/\/[^\s"'<>]+/g) ?? []

function inboxHtml(messages: Message[]): string {
  const items = messages
    .map((m) => {
      const links = linksOf(m.text)
        .map((link) => `<li><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></li>`)
        .join('')
      return `<li><h2><a href="/view/${m.id}">${escapeHtml(m.subject)}</a></h2>
<p>To ${escapeHtml(m.to.map((t) => t.address).join(', '))}, ${escapeHtml(m.created)}</p><ul>${links}</ul></li>`
    })
    .join('\n')
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Roost outbox</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><main><h1>Outbox</h1><p>Emails the local stack has sent, newest first.</p>
${messages.length ? `<ol>${items}</ol>` : '<p>No emails yet.</p>'}</main></body></html>`
}

/** `Name <address>` or a bare address, as Resend reads `from` and `to`. */
function parseAddress(text: string): MailAddress | undefined {
  const named = /^\s*(.*?)\s*<([^<>\s]+@[^<>\s]+)>\s*$/.exec(text)
  if (named?.[2]) return { name: (named[1] ?? '').replace(/^"(.*)"$/, '$1'), address: named[2] }
  const bare = text.trim()
  return /^[^\s@<>]+@[^\s@<>]+$/.test(bare) ? { name: '', address: bare } : undefined
}

const AddressList = z.union([z.string(), z.array(z.string()).min(1).max(50)])
const SendEmailBody = z
  .object({
    from: z.string().min(1),
    to: AddressList,
    subject: z.string().min(1).max(998),
    text: z.string().optional(),
    html: z.string().optional(),
    headers: z.record(z.string(), z.string().max(2000)).optional(),
  })
  .refine((body) => body.text !== undefined || body.html !== undefined, 'text or html is required')

const resendError = (statusCode: number, name: string, message: string) => ({ statusCode, name, message })

/**
 * Resend's `POST /emails`, the mail API functions send through (EMAIL_API_URL): the email lands in the
 * outbox. It asks for a Bearer key as Resend does (any key: this is the local stand-in), answers
 * `{ id }`, and takes an `Idempotency-Key` once, as Resend does for a day. Addresses under the reserved
 * `.invalid` domain are refused with 422, as a provider refuses an address it cannot deliver to, so
 * tests can see a sender's retries.
 */
function mountSendApi(app: Hono, outbox: Outbox) {
  const sentByKey = new Map<string, string>()
  app.post('/resend/emails', async (c) => {
    if (!/^Bearer\s+\S+/i.test(c.req.header('authorization') ?? ''))
      return c.json(resendError(401, 'missing_api_key', 'Missing API key in the authorization header'), 401)
    const idempotencyKey = c.req.header('idempotency-key')
    const earlier = idempotencyKey ? sentByKey.get(idempotencyKey) : undefined
    if (earlier) return c.json({ id: earlier })
    const parsed = SendEmailBody.safeParse(await c.req.json().catch(() => undefined))
    if (!parsed.success)
      return c.json(resendError(422, 'validation_error', z.prettifyError(parsed.error)), 422)
    const body = parsed.data
    const from = parseAddress(body.from)
    const to = (Array.isArray(body.to) ? body.to : [body.to]).map(parseAddress)
    if (!from || to.some((address) => !address))
      return c.json(resendError(422, 'validation_error', 'Invalid `from` or `to` address'), 422)
    const recipients = to.filter((address): address is MailAddress => address !== undefined)
    if (recipients.some((address) => /\.invalid$/i.test(address.address)))
      return c.json(resendError(422, 'validation_error', 'The recipient address cannot receive email'), 422)
    const message = await outbox.send({
      from,
      to: recipients,
      subject: body.subject,
      text: body.text ?? '',
      html: body.html ?? '',
      ...(body.headers ? { headers: body.headers } : {}),
    })
    if (idempotencyKey) sentByKey.set(idempotencyKey, message.id)
    return c.json({ id: message.id })
  })
}

/**
 * Mailpit-compatible JSON API and a plain HTML list of the outbox, and Resend's send API
 * (`POST /resend/emails`) into it.
 */
export function buildMailApp(outbox: Outbox): Hono {
  const app = new Hono()
  mountSendApi(app, outbox)
  const listing = async (query: string, start: string | undefined, limit: string | undefined) => {
    const all = await outbox.list()
    const found = query ? all.filter((m) => matches(m, query)) : all
    const from = Math.max(0, Number.parseInt(start ?? '0', 10) || 0)
    const size = Math.max(1, Number.parseInt(limit ?? '50', 10) || 50)
    return { ...page(found, from, size, all.length), messages_count: found.length }
  }
  app.get('/api/v1/messages', async (c) =>
    c.json(await listing('', c.req.query('start'), c.req.query('limit'))),
  )
  app.get('/api/v1/search', async (c) =>
    c.json(await listing(c.req.query('query') ?? '', c.req.query('start'), c.req.query('limit'))),
  )
  app.delete('/api/v1/messages', async (c) => {
    await outbox.clear()
    return c.text('ok')
  })
  // Mailpit's headers of a message: each name with its values; the sender's own headers among them.
  app.get('/api/v1/message/:id/headers', async (c) => {
    const message = await outbox.get(c.req.param('id'))
    if (!message) return c.text('Message not found', 404)
    const headers: Record<string, string[]> = {
      From: [message.from.address],
      To: message.to.map((to) => to.address),
      Subject: [message.subject],
      Date: [message.created],
    }
    for (const [name, value] of Object.entries(message.headers ?? {})) headers[name] = [value]
    return c.json(headers)
  })
  app.get('/api/v1/message/:id', async (c) => {
    const message = await outbox.get(c.req.param('id'))
    if (!message) return c.text('Message not found', 404)
    return c.json({
      ID: message.id,
      MessageID: `${message.id}@roost.local`,
      From: address(message.from),
      To: message.to.map(address),
      Cc: [],
      Bcc: [],
      ReplyTo: [],
      ReturnPath: message.from.address,
      Subject: message.subject,
      Date: message.created,
      Tags: [],
      Text: message.text,
      HTML: message.html,
      Size: message.text.length + message.html.length,
      Inline: [],
      Attachments: [],
    })
  })
  app.get('/view/:id', async (c) => {
    const message = await outbox.get(c.req.param('id'))
    if (!message) return c.text('Message not found', 404)
    return c.html(message.html || `<pre>${escapeHtml(message.text)}</pre>`)
  })
  app.get('/', async (c) => c.html(inboxHtml(await outbox.list())))
  return app
}
