import type { ListingsRead } from '../lib/early-answer'

/**
 * The URL of a first screen's read, exactly as PostgREST's client writes the same query: index.html's inline
 * script fires it before the app's code arrives, and the app takes the answer by this URL. A listing's page
 * reads public.listings (its page opens after it left the market); a list reads the homes on the market,
 * public.market_listings.
 */
export function listingsReadUrl(supabaseUrl: string, columns: string, read: ListingsRead): string {
  const select = `?select=${encodeURIComponent(columns)}`
  if ('id' in read) return `${supabaseUrl}/rest/v1/listings${select}&id=eq.${read.id}`
  const offer = read.offer ? '&offer=eq.true' : ''
  const type = read.type ? `&type=eq.${read.type}` : ''
  return `${supabaseUrl}/rest/v1/market_listings${select}${offer}${type}&order=created_at.desc%2Cid.desc&limit=${read.limit}`
}
