/** Where auth flows may send the browser back to: the site URL and the allow-list (config.toml globs). */
export type RedirectPolicy = { siteUrl: string; allowList: string[] }

const escapeRegex = (text: string) => text.replace(/[\\^$+.()|[\]]/g, '\\$&')

/**
 * Compiles a glob as GoTrue reads `additional_redirect_urls` (gobwas/glob with separators `.` and `/`):
 * `*` is one segment, `**` any run, `?` one non-separator character, `{a,b}` alternatives.
 */
export function globToRegExp(glob: string): RegExp {
  let out = ''
  let i = 0
  let inBraces = false
  while (i < glob.length) {
    const ch = glob[i] as string
    if (ch === '*' && glob[i + 1] === '*') {
      out += '.*'
      i += 2
      continue
    }
    if (ch === '*') out += '[^./]*'
    else if (ch === '?') out += '[^./]'
    else if (ch === '{') {
      out += '(?:'
      inBraces = true
    } else if (ch === '}' && inBraces) {
      out += ')'
      inBraces = false
    } else if (ch === ',' && inBraces) out += '|'
    else out += escapeRegex(ch)
    i += 1
  }
  return new RegExp(`^${out}$`)
}

function parse(url: string): URL | undefined {
  try {
    return new URL(url)
  } catch {
    return undefined
  }
}

const isLoopbackIp = (hostname: string) => /^127(\.\d{1,3}){3}$/.test(hostname) || hostname === '[::1]'

/** True when `url` is a target GoTrue would redirect to: the site's host, a loopback IP, or an allow-list glob. */
export function isRedirectAllowed(url: string, policy: RedirectPolicy): boolean {
  const target = parse(url)
  if (!target || (target.protocol !== 'http:' && target.protocol !== 'https:')) return false
  const site = parse(policy.siteUrl)
  if (site && site.hostname === target.hostname) return true
  if (isLoopbackIp(target.hostname)) return true
  return policy.allowList.some((glob) => globToRegExp(glob).test(url))
}

/** The redirect target of a flow: the requested one when allowed, otherwise silently the site URL. */
export function resolveRedirect(requested: string | undefined | null, policy: RedirectPolicy): string {
  return requested && isRedirectAllowed(requested, policy) ? requested : policy.siteUrl
}

/** Encodes params the way Go's url.Values.Encode does: sorted by key. */
export function encodeSorted(params: Record<string, string>): string {
  return Object.keys(params)
    .sort()
    .map((key) => `${encodeURIComponent(key)}=${encodeURIComponent(params[key] ?? '').replace(/%20/g, '+')}`)
    .join('&')
}

/** `<redirect>#<params>` (implicit flow): any fragment already there is replaced. */
export function withFragment(redirect: string, params: Record<string, string>): string {
  const base = redirect.split('#')[0] ?? redirect
  return `${base}#${encodeSorted(params)}`
}

/** `<redirect>?…&<params>` (PKCE flow): the existing query is kept. */
export function withQuery(redirect: string, params: Record<string, string>): string {
  const url = new URL(redirect)
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value)
  return url.toString()
}
