import { describe, expect, it } from 'vitest'
import { planSavedSync } from './saved-sync-plan'

describe('saved homes: merged on sign-in, kept in step after', () => {
  it('on first sign-in keeps the union of the device and the server and sends the device-only saves', () => {
    const plan = planSavedSync({ device: ['a', 'b'], server: ['b', 'c'], pending: [], alreadyMerged: false })
    expect(plan).toEqual({ add: ['c'], remove: [], push: ['a'] })
  })

  it('after the merge, a home unsaved on another device leaves this one too', () => {
    const plan = planSavedSync({ device: ['a', 'b'], server: ['b'], pending: [], alreadyMerged: true })
    expect(plan).toEqual({ add: [], remove: ['a'], push: [] })
  })

  it('after the merge, a save or unsave not yet sent wins over the server', () => {
    const plan = planSavedSync({
      device: ['a', 'new'],
      server: ['a', 'gone'],
      pending: [
        { listingId: 'new', kind: 'save' },
        { listingId: 'gone', kind: 'unsave' },
      ],
      alreadyMerged: true,
    })
    expect(plan).toEqual({ add: [], remove: [], push: [] })
  })

  it('the last pending op for a listing decides (save, then unsave = unsaved)', () => {
    const plan = planSavedSync({
      device: [],
      server: ['a'],
      pending: [
        { listingId: 'a', kind: 'save' },
        { listingId: 'a', kind: 'unsave' },
      ],
      alreadyMerged: true,
    })
    expect(plan.add).toEqual([])
  })

  it('does not queue a second save for one already waiting to be sent', () => {
    const plan = planSavedSync({
      device: ['a'],
      server: [],
      pending: [{ listingId: 'a', kind: 'save' }],
      alreadyMerged: false,
    })
    expect(plan.push).toEqual([])
  })
})
