import { describe, expect, it } from 'vitest'
import { draftStatusText } from './draft-status'

describe("the Drafts block tells each draft's state", () => {
  const progress = { step: 'upload' as const, uploaded: 3, total: 5 }
  it.each([
    ['waiting', null, 'Waiting to publish'],
    ['publishing', null, 'Publishing… 3 of 5 photos'],
    ['published', null, 'Published'],
    ['needs-attention', 'Please enter a correct address', 'Needs attention: Please enter a correct address'],
  ] as const)('%s → %s', (state, reason, text) => {
    expect(draftStatusText({ state, reason, progress })).toBe(text)
  })

  it('says Publishing… without photo counts once the photos are up', () => {
    expect(
      draftStatusText({ state: 'publishing', reason: null, progress: { ...progress, step: 'insert' } }),
    ).toBe('Publishing…')
  })
})
