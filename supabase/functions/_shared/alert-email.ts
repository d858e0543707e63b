/**
 * What a new-home alert email says: up to 10 homes with photo, price, place and a link, and a one-click
 * unsubscribe (RFC 8058: `List-Unsubscribe` with `List-Unsubscribe-Post`) for this search's emails alone.
 * Plain TypeScript with no runtime imports, so the Edge Function (Deno), the tests and the bench (Node)
 * build the same email.
 */

/** The most homes one email shows; the rest are counted, with a link to the search. */
export const HOMES_PER_EMAIL = 10

export type AlertEmailHome = {
  id: string
  type: string
  name: string
  location: string
  price: number
  imageUrl: string | null
}

export type AlertEmailInput = {
  to: string
  searchId: string
  searchName: string
  mode: 'instant' | 'daily'
  /** Newest first; only the first 10 are shown. */
  homes: AlertEmailHome[]
  /** The app's public address, for the links. */
  appUrl: string
  /** The signed one-click unsubscribe address of this search. */
  unsubscribeUrl: string
  /** The queue rows it settles, for the mail API's Idempotency-Key (a retry after a crash is sent once). */
  deliveryIds: readonly (string | number)[]
}

/** An email as Resend's `POST /emails` takes it (from is added by the sender), with its Idempotency-Key. */
export type AlertEmail = {
  to: string
  subject: string
  text: string
  html: string
  headers: Record<string, string>
  idempotencyKey: string
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)

const priceText = (home: AlertEmailHome) =>
  `£${home.price.toLocaleString('en-GB')}${home.type === 'rent' ? ' a month' : ''}`

const homeUrl = (appUrl: string, home: AlertEmailHome) =>
  `${appUrl.replace(/\/+$/, '')}/category/${encodeURIComponent(home.type)}/${encodeURIComponent(home.id)}`

/** The email for one saved search's new homes. */
export function alertEmail(input: AlertEmailInput): AlertEmail {
  const shown = input.homes.slice(0, HOMES_PER_EMAIL)
  const more = input.homes.length - shown.length
  const count = input.homes.length
  const subject =
    input.mode === 'daily'
      ? `Today's new homes for “${input.searchName}”`
      : count === 1
        ? `A new home for “${input.searchName}”`
        : `${count} new homes for “${input.searchName}”`
  const savedUrl = `${input.appUrl.replace(/\/+$/, '')}/saved?view=searches`
  const text = [
    subject,
    '',
    ...shown.flatMap((home) => [
      home.name,
      `${priceText(home)} · ${home.location}`,
      homeUrl(input.appUrl, home),
      '',
    ]),
    ...(more > 0 ? [`And ${more} more: ${savedUrl}`, ''] : []),
    `You get these emails because email alerts are on for your saved search “${input.searchName}”.`,
    `Unsubscribe from this search's emails: ${input.unsubscribeUrl}`,
  ].join('\n')
  const cards = shown
    .map((home) => {
      const url = escapeHtml(homeUrl(input.appUrl, home))
      const photo = home.imageUrl
        ? `<a href="${url}"><img src="${escapeHtml(home.imageUrl)}" alt="" width="280" style="display:block;max-width:100%;border-radius:8px"></a>`
        : ''
      return `<tr><td style="padding:12px 0">${photo}
<p style="margin:8px 0 0;font-weight:bold"><a href="${url}">${escapeHtml(home.name)}</a></p>
<p style="margin:4px 0">${escapeHtml(priceText(home))} · ${escapeHtml(home.location)}</p></td></tr>`
    })
    .join('\n')
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:system-ui,sans-serif"><h1 style="font-size:20px">${escapeHtml(subject)}</h1>
<table role="presentation">${cards}</table>
${more > 0 ? `<p><a href="${escapeHtml(savedUrl)}">And ${more} more</a></p>` : ''}
<p style="color:#555;font-size:13px">You get these emails because email alerts are on for your saved search
“${escapeHtml(input.searchName)}”. <a href="${escapeHtml(input.unsubscribeUrl)}">Unsubscribe from this search's emails</a></p>
</body></html>`
  const ids = input.deliveryIds.map(String)
  return {
    to: input.to,
    subject,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${input.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    idempotencyKey: `alert-email:${input.searchId}:${ids[0] ?? ''}:${ids.length}`,
  }
}
