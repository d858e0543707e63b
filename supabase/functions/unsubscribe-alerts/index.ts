/**
 * unsubscribe-alerts: the one-click unsubscribe of an alert email (RFC 8058), with no sign-in. The link
 * names a saved search and carries its signed token (_shared/unsubscribe-token.ts).
 *
 * POST (a mail client's `List-Unsubscribe=One-Click`, or this page's button): turns off that search's email
 * alerts only, and says so. GET shows the button, and changes nothing (link scanners open links). A link
 * whose search or token was changed does nothing and says so (400). `verify_jwt = false`: the email's reader
 * has no token; the signature is the authority.
 */
import pg from 'npm:pg@^8.23.1'
import { verifyUnsubscribe } from '../_shared/unsubscribe-token.ts'

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)

const page = (status: number, title: string, body: string) =>
  new Response(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem">
<h1>${escapeHtml(title)}</h1>${body}</body></html>`,
    { status, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' } },
  )

const TAMPERED = () =>
  page(
    400,
    'This unsubscribe link is not valid',
    '<p>Nothing was changed. Use the link from the email as it came.</p>',
  )

function env(name: string): string {
  const value = Deno.env.get(name)
  if (!value) throw new Error(`${name} is not set`)
  return value
}

Deno.serve(async (request) => {
  if (request.method !== 'GET' && request.method !== 'POST')
    return new Response('GET or POST only', { status: 405 })
  const url = new URL(request.url)
  const searchId = url.searchParams.get('search') ?? ''
  const token = url.searchParams.get('token') ?? ''
  const secret = Deno.env.get('UNSUBSCRIBE_SECRET') || env('SUPABASE_SERVICE_ROLE_KEY')
  const valid =
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(searchId) &&
    (await verifyUnsubscribe(searchId, token, secret))
  if (!valid) return TAMPERED()
  if (request.method === 'GET') {
    const action = `?search=${encodeURIComponent(searchId)}&token=${encodeURIComponent(token)}`
    return page(
      200,
      'Unsubscribe from these emails?',
      `<p>This turns off email alerts for this saved search only.</p>
<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit">Turn off email alerts</button></form>`,
    )
  }
  const db = new pg.Client({
    connectionString: env('SUPABASE_DB_URL'),
    application_name: 'unsubscribe-alerts',
  })
  await db.connect()
  try {
    const { rows } = await db.query<{ name: string | null }>(
      'select public.unsubscribe_alert_emails($1) as name',
      [searchId],
    )
    const name = rows[0]?.name
    if (name === null || name === undefined)
      return page(200, 'This saved search no longer exists', '<p>You will get no more emails about it.</p>')
    return page(
      200,
      'Email alerts are off',
      `<p>You will get no more emails about “${escapeHtml(name)}”. Its alerts in the app are unchanged.</p>`,
    )
  } catch (error) {
    console.error('unsubscribe-alerts failed', error)
    return page(500, 'Something went wrong', '<p>Nothing was changed. Please try again in a minute.</p>')
  } finally {
    await db.end().catch(() => undefined)
  }
})
