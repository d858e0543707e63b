import { describe, expect, it } from 'vitest'
import { describeDecision, reviewState } from './describe-decision'
import type { ListingDecision } from './get-my-decisions'

const decision = (overrides: Partial<ListingDecision>): ListingDecision => ({
  decisionId: 1,
  listingName: 'Garden flat in Hackney',
  decision: 'take-down',
  reason: 'Scam or fraud',
  note: '',
  decidedAt: '2026-11-28T10:00:00Z',
  onAppeal: false,
  review: null,
  canAskForReview: true,
  ...overrides,
})

describe('a decision as the landlord reads it', () => {
  it('says what was decided and why', () => {
    expect(describeDecision(decision({}))).toBe('"Garden flat in Hackney" was taken down: Scam or fraud.')
    expect(describeDecision(decision({ note: 'Deposit by wire.' }))).toBe(
      '"Garden flat in Hackney" was taken down: Scam or fraud. Deposit by wire.',
    )
    expect(describeDecision(decision({ decision: 'ask-to-fix', reason: '', note: 'The price' }))).toBe(
      '"Garden flat in Hackney" is hidden until you edit it. What to fix: The price',
    )
    expect(describeDecision(decision({ decision: 'keep-listed', reason: '' }))).toBe(
      '"Garden flat in Hackney" was reviewed and stays listed.',
    )
  })

  it('says where a review stands', () => {
    expect(reviewState(decision({}))).toBeNull()
    expect(reviewState(decision({ review: 'waiting' }))).toBe(
      'Review asked: another moderator will look at it.',
    )
    expect(reviewState(decision({ onAppeal: true, decision: 'keep-listed' }))).toBe(
      'Decided on review: this decision is final.',
    )
  })
})
