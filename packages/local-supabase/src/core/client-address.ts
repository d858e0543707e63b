import { isIP } from 'node:net'

/**
 * The header that carries the client's address to the database and to functions, as hosted Supabase's edge
 * (Cloudflare) sets it on every request. The database reads this header only (its setting,
 * `public.client_address_settings`, names it), so the stack sets it the way the edge does.
 */
export const CLIENT_ADDRESS_HEADER = 'cf-connecting-ip'

/**
 * An address (the connection's, or a trusted proxy's header) as a client address: an IPv4 address written as
 * IPv6 (`::ffff:127.0.0.2`, as a dual-stack socket reports it) is that IPv4 address; anything that is not one
 * IP address is none.
 */
export function asClientAddress(remote: string | undefined): string | undefined {
  if (remote === undefined) return undefined
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(remote)
  const address = mapped?.[1] ?? remote
  return isIP(address) ? address : undefined
}

/**
 * The value the stack passes on in CLIENT_ADDRESS_HEADER, or undefined for none. In front of everything
 * (the default) it is the connection's address, and a client's own copy of the header is dropped, as the
 * edge overwrites it; behind a proxy the stack trusts the proxy to have set it and passes it on as sent.
 */
export function trustedClientAddress(
  sent: string | undefined,
  remote: string | undefined,
  behindProxy: boolean,
): string | undefined {
  return behindProxy ? sent : asClientAddress(remote)
}
