import { Hono } from 'hono'
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

/** Mailpit-compatible JSON API and a plain HTML list of the outbox. */
export function buildMailApp(outbox: Outbox): Hono {
  const app = new Hono()
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
