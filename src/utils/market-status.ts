// Each function here uses only the others, by name: index.html's inline script declares them side by side
// to draw the first cards before the app's JS arrives (src/first-screen/early-cards.ts).

/**
 * A status as people read it: `Under offer`, `Sold STC`, `Let agreed`… The badge shows it for every status
 * but `available`; an unknown status reads as available (a newer server's word this app does not know).
 */
export function statusLabel(status: string | undefined): string {
  const LABELS: Record<string, string> = {
    available: 'Available',
    under_offer: 'Under offer',
    sold_stc: 'Sold STC',
    sold: 'Sold',
    let_agreed: 'Let agreed',
    let: 'Let',
  }
  return (status !== undefined && LABELS[status]) || 'Available'
}

/** The status badge's text, or null for an available home (no badge). */
export function statusBadge(status: string | undefined): string | null {
  const label = statusLabel(status)
  return label === 'Available' ? null : label
}

/** Whether the price a person pays fell within the last 30 days: the card's `Reduced`. */
export function isRecentlyReduced(
  priceReducedAt: string | null | undefined,
  now: number = Date.now(),
): boolean {
  if (!priceReducedAt) return false
  const at = new Date(priceReducedAt).getTime()
  return !Number.isNaN(at) && now - at <= 30 * 86_400_000
}
