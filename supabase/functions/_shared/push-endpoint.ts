/**
 * A push subscription's endpoint is untrusted input: whoever subscribes chooses the URL the server will
 * POST to. So the sender posts only to `https:` URLs whose host resolves to public addresses only (no
 * loopback, private, link-local, unique-local, shared, multicast, documentation or reserved address),
 * and never follows a redirect. Tests that run a push service on 127.0.0.1 allow loopback explicitly.
 *
 * Plain TypeScript: the caller passes the DNS lookup, so Deno and Node use the same rules.
 */

export type ResolveHost = (host: string) => Promise<string[]>

export type EndpointCheck = { ok: true; url: URL } | { ok: false; reason: string; permanent: boolean }

/** IPv4 ranges that are not the public internet (RFC 6890 and the multicast and reserved blocks). */
const IPV4_BLOCKED: [string, number][] = [
  ['0.0.0.0', 8], // this network
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // shared address space (carrier-grade NAT)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services live here)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and broadcast
]

function ipv4ToNumber(address: string): number | null {
  const parts = address.split('.')
  if (parts.length !== 4 || parts.some((part) => !/^\d{1,3}$/.test(part) || Number(part) > 255)) return null
  return parts.reduce((sum, part) => sum * 256 + Number(part), 0)
}

function inIpv4Block(value: number, [base, bits]: [string, number]): boolean {
  const size = 2 ** (32 - bits)
  const start = ipv4ToNumber(base) ?? 0
  return value >= start && value < start + size
}

/** The 8 groups of an IPv6 address (with an embedded IPv4 tail expanded), or null when it is not one. */
function ipv6Groups(address: string): number[] | null {
  let text = address.toLowerCase()
  if (text.startsWith('[') && text.endsWith(']')) text = text.slice(1, -1)
  const zone = text.indexOf('%')
  if (zone >= 0) text = text.slice(0, zone)
  const lastColon = text.lastIndexOf(':')
  const tail = text.slice(lastColon + 1)
  if (tail.includes('.')) {
    const v4 = ipv4ToNumber(tail)
    if (v4 === null) return null
    text = `${text.slice(0, lastColon + 1)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`
  }
  const halves = text.split('::')
  if (halves.length > 2) return null
  const parse = (half: string) => (half === '' ? [] : half.split(':'))
  const head = parse(halves[0] ?? '')
  const rest = halves.length === 2 ? parse(halves[1] ?? '') : []
  const missing = 8 - head.length - rest.length
  if ((halves.length === 1 && missing !== 0) || missing < 0) return null
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...rest]
  if (groups.length !== 8 || groups.some((group) => !/^[0-9a-f]{1,4}$/.test(group))) return null
  return groups.map((group) => Number.parseInt(group, 16))
}

export type AddressKind = 'public' | 'loopback' | 'blocked' | 'invalid'

/** Whether an IP address (v4 or v6, as DNS or a URL gives it) is on the public internet. */
export function classifyAddress(address: string): AddressKind {
  const v4 = ipv4ToNumber(address)
  if (v4 !== null) {
    if (inIpv4Block(v4, ['127.0.0.0', 8])) return 'loopback'
    return IPV4_BLOCKED.some((block) => inIpv4Block(v4, block)) ? 'blocked' : 'public'
  }
  const groups = ipv6Groups(address)
  if (!groups) return 'invalid'
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = groups
  const embeddedV4 = `${g6 >> 8}.${g6 & 0xff}.${g7 >> 8}.${g7 & 0xff}`
  if (groups.slice(0, 7).every((group) => group === 0)) return g7 === 1 ? 'loopback' : 'blocked' // ::1, ::
  // IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible and NAT64 (64:ff9b::/96) addresses: judge the IPv4 inside.
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0 && (g5 === 0xffff || g5 === 0))
    return classifyAddress(embeddedV4)
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0)
    return classifyAddress(embeddedV4)
  // 6to4 (2002::/16) carries an IPv4 address in groups 1 and 2.
  if (g0 === 0x2002) return classifyAddress(`${g1 >> 8}.${g1 & 0xff}.${g2 >> 8}.${g2 & 0xff}`)
  if ((g0 & 0xfe00) === 0xfc00) return 'blocked' // unique local fc00::/7
  if ((g0 & 0xffc0) === 0xfe80) return 'blocked' // link-local fe80::/10
  if ((g0 & 0xffc0) === 0xfec0) return 'blocked' // site-local (deprecated) fec0::/10
  if ((g0 & 0xff00) === 0xff00) return 'blocked' // multicast ff00::/8
  if (g0 === 0x2001 && g1 === 0x0db8) return 'blocked' // documentation 2001:db8::/32
  if (g0 === 0x2001 && g1 < 0x200) return 'blocked' // IETF protocol assignments 2001::/23 (Teredo, ORCHID…)
  if (g0 === 0x100 && g1 === 0 && g2 === 0 && g3 === 0) return 'blocked' // discard-only 100::/64
  // Global unicast is 2000::/3; everything else is unassigned or special.
  return (g0 & 0xe000) === 0x2000 ? 'public' : 'blocked'
}

/**
 * Whether the sender may POST to this endpoint now. `permanent` failures (not https, a private address)
 * mean the subscription can never be used; others (DNS not answering) may pass later.
 */
export async function checkEndpoint(
  endpoint: string,
  options: { resolve: ResolveHost; allowLoopback: boolean },
): Promise<EndpointCheck> {
  let url: URL
  try {
    url = new URL(endpoint)
  } catch {
    return { ok: false, reason: 'the endpoint is not a URL', permanent: true }
  }
  if (url.username || url.password)
    return { ok: false, reason: 'the endpoint holds credentials', permanent: true }
  const host = url.hostname
  const literal = classifyAddress(host)
  let addresses: string[]
  if (literal !== 'invalid') {
    addresses = [host]
  } else {
    try {
      addresses = await options.resolve(host)
    } catch (error) {
      return { ok: false, reason: `the endpoint's host does not resolve: ${String(error)}`, permanent: false }
    }
    if (addresses.length === 0)
      return { ok: false, reason: "the endpoint's host has no address", permanent: false }
  }
  const kinds = addresses.map(classifyAddress)
  const loopbackOnly = kinds.every((kind) => kind === 'loopback')
  if (options.allowLoopback && loopbackOnly) {
    return url.protocol === 'https:' || url.protocol === 'http:'
      ? { ok: true, url }
      : { ok: false, reason: 'the endpoint is not http(s)', permanent: true }
  }
  if (url.protocol !== 'https:') return { ok: false, reason: 'the endpoint is not https', permanent: true }
  const bad = addresses.find((_, index) => kinds[index] !== 'public')
  if (bad !== undefined)
    return { ok: false, reason: `the endpoint resolves to a non-public address (${bad})`, permanent: true }
  return { ok: true, url }
}
