/**
 * The results heading: "1 home", "999 homes"; from 1,000 on, "1,000+ homes", as property portals say it: the
 * server counts no further (count_listings reads at most 1,001 rows), and below that counts are exact.
 * Self-contained: index.html's inline script declares it from its source (EARLY_DRAWING in src/lib/early-cards).
 */
export function formatHomeCount(count: number): string {
  const cap = 1000
  const digits = String(Math.min(count, cap)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  if (count >= cap) return `${digits}+ homes`
  return `${digits} ${count === 1 ? 'home' : 'homes'}`
}
