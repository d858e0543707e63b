const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)

// Roost's own look (src/styles/global.css): the same colours, type, radii and 48px touch targets.
const STYLE = `*,*::before,*::after{box-sizing:border-box}
:root{--primary:#1f5f4a;--primary-hover:#184c3b;--text:#1d2430;--muted:#5a6472;--border:#e1e4e8;--danger:#b42318;--focus:#2563eb;
font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--text);background:#f5f6f4;line-height:1.5;-webkit-text-size-adjust:100%}
body{margin:0;min-height:100vh;display:flex;flex-direction:column;align-items:center;padding:max(24px,env(safe-area-inset-top)) 16px 32px}
.brand{display:flex;align-items:center;gap:8px;margin:8px 0 24px;color:var(--primary);font-weight:800;font-size:1.25rem}
main{width:100%;max-width:420px;background:#fff;border:1px solid var(--border);border-radius:16px;padding:28px 22px;box-shadow:0 1px 2px #1d24300f,0 4px 16px #1d24300d}
h1{margin:0 0 6px;font-size:1.6rem;line-height:1.2;letter-spacing:-.02em}
.lead{margin:0 0 22px;color:var(--muted)}
form{display:flex;flex-direction:column;gap:16px}
.field{display:flex;flex-direction:column;gap:6px}
label{font-weight:650}
input{width:100%;min-height:48px;padding:12px 14px;border:1px solid #8a929c;border-radius:10px;font:inherit;font-size:1rem;color:inherit;background:#fff}
input:focus-visible,button:focus-visible,a:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
button,.secondary{display:flex;align-items:center;justify-content:center;width:100%;min-height:48px;padding:12px 18px;border-radius:999px;font:inherit;font-weight:700;font-size:1rem;text-decoration:none;cursor:pointer}
button{margin-top:6px;border:0;background:var(--primary);color:#fff}
button:hover{background:var(--primary-hover)}
.secondary{margin-top:12px;border:1px solid var(--border);background:#fff;color:var(--primary)}
.alert{display:flex;gap:10px;align-items:flex-start;margin:0 0 18px;padding:12px 14px;border:1px solid #f3c2bd;border-radius:10px;background:#fdf0ef;color:var(--danger);font-weight:600}
.alert svg{flex:none;margin-top:2px}
.note{margin:18px 0 0;font-size:.85rem;color:var(--muted);text-align:center}
@media (prefers-reduced-motion:no-preference){button,.secondary{transition:background-color .15s}}`

const HEAD = (title: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="theme-color" content="#1f5f4a"><title>${title}</title><style>${STYLE}</style></head>
<body><div class="brand" aria-hidden="true"><svg viewBox="0 0 32 32" width="28" height="28"><path d="M4 15 16 5l12 10v12a1 1 0 0 1-1 1h-7v-8h-8v8H5a1 1 0 0 1-1-1z" fill="currentColor"/></svg>Roost</div>`

const ALERT_ICON = `<svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false"><circle cx="12" cy="12" r="10" fill="currentColor"/><path d="M12 7v6m0 4h.01" stroke="#fff" stroke-width="2.2" stroke-linecap="round"/></svg>`

/** Values kept when the form comes back with an error. */
export type ChooserForm = { state: string; email?: string; name?: string; error?: string }

/** The local stand-in for Google's account chooser: an accessible, phone-sized form with Email and Name. */
export function chooserPage(form: ChooserForm): string {
  const error = form.error
    ? `<p role="alert" id="chooser-error" class="alert">${ALERT_ICON}<span>${escapeHtml(form.error)}</span></p>`
    : ''
  const described = form.error ? ' aria-describedby="chooser-error"' : ''
  const state = escapeHtml(form.state)
  return `${HEAD('Choose an account - Google (local)')}
<main>
<h1>Choose an account</h1>
<p class="lead">to continue to Roost. This local stack stands in for Google: enter the account to sign in with.</p>
${error}
<form method="post" action="/auth/v1/chooser"${described}>
<input type="hidden" name="state" value="${state}">
<div class="field">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" autocapitalize="none" spellcheck="false" required value="${escapeHtml(form.email ?? '')}">
</div>
<div class="field">
<label for="name">Name</label>
<input id="name" name="name" type="text" autocomplete="name" required value="${escapeHtml(form.name ?? '')}">
</div>
<button type="submit">Continue</button>
</form>
<a class="secondary" href="/auth/v1/chooser/cancel?state=${encodeURIComponent(form.state)}">Cancel</a>
<p class="note">A new email creates a new account; a known one signs in to it.</p>
</main></body></html>`
}

/** What the chooser shows when its state is missing, forged or too old. */
export function chooserExpiredPage(): string {
  return `${HEAD('Sign-in expired')}
<main><h1>Sign-in expired</h1><p role="alert" class="alert">${ALERT_ICON}<span>This sign-in has expired. Go back to the app and try again.</span></p></main></body></html>`
}
