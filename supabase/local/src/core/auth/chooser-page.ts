const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)

const STYLE = `body{font-family:system-ui,sans-serif;background:#f4f4f5;margin:0;display:flex;justify-content:center}
main{background:#fff;margin:3rem 1rem;padding:2rem;border-radius:12px;max-width:24rem;width:100%;box-shadow:0 1px 4px #0002}
label{display:block;margin-top:1rem;font-weight:600}input{box-sizing:border-box;width:100%;padding:.6rem;margin-top:.3rem;font-size:1rem}
button{margin-top:1.5rem;width:100%;padding:.7rem;font-size:1rem;background:#1a73e8;color:#fff;border:0;border-radius:6px}
p[role=alert]{color:#b00020}a{display:block;margin-top:1rem;text-align:center}`

/** Values kept when the form comes back with an error. */
export type ChooserForm = { state: string; email?: string; name?: string; error?: string }

/** The local stand-in for Google's account chooser: an accessible form with Email and Name. */
export function chooserPage(form: ChooserForm): string {
  const error = form.error ? `<p role="alert" id="chooser-error">${escapeHtml(form.error)}</p>` : ''
  const described = form.error ? ' aria-describedby="chooser-error"' : ''
  const state = escapeHtml(form.state)
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Choose an account - Google (local)</title><style>${STYLE}</style></head>
<body><main>
<h1>Choose an account</h1>
<p>This local stack stands in for Google. Enter the account to continue to Roost with.</p>
${error}
<form method="post" action="/auth/v1/chooser"${described}>
<input type="hidden" name="state" value="${state}">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" required value="${escapeHtml(form.email ?? '')}">
<label for="name">Name</label>
<input id="name" name="name" type="text" autocomplete="name" required value="${escapeHtml(form.name ?? '')}">
<button type="submit">Continue</button>
</form>
<a href="/auth/v1/chooser/cancel?state=${encodeURIComponent(form.state)}">Cancel</a>
</main></body></html>`
}

/** What the chooser shows when its state is missing, forged or too old. */
export function chooserExpiredPage(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign-in expired</title><style>${STYLE}</style></head>
<body><main><h1>Sign-in expired</h1><p role="alert">This sign-in has expired. Go back to the app and try again.</p></main></body></html>`
}
