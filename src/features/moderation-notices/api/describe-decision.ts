import type { ListingDecision } from './get-my-decisions'

/** What a landlord reads about one decision on Your Listings. */
export function describeDecision(decision: ListingDecision): string {
  const name = `"${decision.listingName}"`
  switch (decision.decision) {
    case 'take-down':
      return `${name} was taken down: ${decision.reason}.${decision.note ? ` ${decision.note}` : ''}`
    case 'ask-to-fix':
      return `${name} is hidden until you edit it. What to fix: ${decision.note}`
    default:
      return `${name} was reviewed and stays listed.`
  }
}

/** Where a review of the decision stands. */
export function reviewState(decision: ListingDecision): string | null {
  if (decision.review === 'waiting') return 'Review asked: another moderator will look at it.'
  if (decision.onAppeal) return 'Decided on review: this decision is final.'
  return null
}
