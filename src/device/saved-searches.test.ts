import 'fake-indexeddb/auto'
import { beforeEach, describe, expect, it } from 'vitest'
import { db } from '../lib/local-db'
import { forgetDeviceData } from './forget-device-data'
import { outboxStore, retryThing } from './outbox'
import {
  changeSavedSearch,
  createSavedSearch,
  deleteSavedSearch,
  discardSavedSearchChanges,
  hasQueuedWrites,
  MAX_SAVED_SEARCHES,
  markSavedSearchOpened,
  mirrorSavedSearches,
} from './saved-searches'

const search = (id: string) => ({
  id,
  name: `Search ${id}`,
  params: { type: 'rent' },
  alerts: 'off' as const,
})
const kinds = async () => (await outboxStore().pending('u1')).map((entry) => `${entry.kind} ${entry.thing}`)

beforeEach(() => forgetDeviceData())

describe('saved searches on the device', () => {
  it('each change shows at once and is queued, in order, for the server', async () => {
    expect(await createSavedSearch('u1', search('a'))).toBe('created')
    expect(await changeSavedSearch('u1', 'a', { name: 'Flats' })).toBe(true)
    expect(await changeSavedSearch('u1', 'a', { alerts: 'daily' })).toBe(true)
    expect(await db.savedSearches.get('a')).toMatchObject({ name: 'Flats', alerts: 'daily', userId: 'u1' })
    expect(await deleteSavedSearch('u1', 'a')).toBe(true)
    expect(await db.savedSearches.get('a')).toBeUndefined()
    expect(await kinds()).toEqual([
      'saved-search.create a',
      'saved-search.update a',
      'saved-search.update a',
      'saved-search.delete a',
    ])
    const [, rename] = await outboxStore().pending('u1')
    expect(rename?.payload).toEqual({ id: 'a', name: 'Flats' })
  })

  it('keeps no more than 20 per person, and nobody changes another person’s', async () => {
    for (let i = 0; i < MAX_SAVED_SEARCHES; i++) await createSavedSearch('u1', search(`s${i}`))
    expect(await createSavedSearch('u1', search('one-more'))).toBe('limit')
    expect(await createSavedSearch('u2', search('theirs'))).toBe('created')
    expect(await changeSavedSearch('u1', 'theirs', { name: 'Mine now' })).toBe(false)
    expect(await deleteSavedSearch('u1', 'theirs')).toBe(false)
  })

  it('takes the server’s copy, except for searches with writes still queued here', async () => {
    await createSavedSearch('u1', search('local'))
    await db.savedSearches.put({
      ...search('old'),
      userId: 'u1',
      lastOpenedAt: '',
      createdAt: '',
      newCount: 0,
    })
    await mirrorSavedSearches('u1', [
      {
        ...search('remote'),
        lastOpenedAt: '2026-11-25T08:00:00Z',
        createdAt: '2026-11-25T08:00:00Z',
        newCount: 3,
      },
      { ...search('local'), name: 'Stale', lastOpenedAt: '', createdAt: '', newCount: 0 },
    ])
    const ids = (await db.savedSearches.toArray()).map((row) => row.id).sort()
    expect(ids).toEqual(['local', 'remote'])
    expect((await db.savedSearches.get('local'))?.name).toBe('Search local')
    expect((await db.savedSearches.get('remote'))?.newCount).toBe(3)
    expect(await hasQueuedWrites('u1', 'local')).toBe(true)
    expect(await hasQueuedWrites('u1', 'remote')).toBe(false)
  })

  it('an opening clears its count and says when it was opened before; offline it is queued', async () => {
    await db.savedSearches.put({
      ...search('a'),
      userId: 'u1',
      lastOpenedAt: '2026-11-20T10:00:00.000Z',
      createdAt: '',
      newCount: 4,
    })
    expect(await markSavedSearchOpened('u1', 'a', { queue: true })).toBe('2026-11-20T10:00:00.000Z')
    expect((await db.savedSearches.get('a'))?.newCount).toBe(0)
    expect(await kinds()).toEqual(['saved-search.open a'])
    expect(await markSavedSearchOpened('u1', 'a', { queue: false, previous: '2026-11-24T00:00:00Z' })).toBe(
      '2026-11-24T00:00:00Z',
    )
  })

  it('a refusal can be sent again, or undone (the search and its writes go; the server’s copy comes back)', async () => {
    await createSavedSearch('u1', search('a'))
    const [entry] = await outboxStore().pending('u1')
    await outboxStore().update(entry?.seq ?? 0, {
      state: 'refused',
      reason: 'You can save up to 20 searches',
    })
    await retryThing('u1', 'a')
    expect((await outboxStore().pending('u1'))[0]).toMatchObject({ state: 'waiting', reason: null })
    await discardSavedSearchChanges('u1', 'a')
    expect(await outboxStore().pending('u1')).toEqual([])
    expect(await db.savedSearches.get('a')).toBeUndefined()
  })
})
