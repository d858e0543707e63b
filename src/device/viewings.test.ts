import 'fake-indexeddb/auto'
import { beforeEach, describe, expect, it } from 'vitest'
import { db } from '../lib/local-db'
import type { Viewing } from '../types/viewing'
import { forgetDeviceData } from './forget-device-data'
import { keepViewings, queueCancel, queueRunningLate } from './viewings'

const viewing = (id: string, startsAt: string): Viewing => ({
  id,
  slotId: `slot-${id}`,
  listingId: 'listing-1',
  role: 'hunter',
  status: 'booked',
  cancelledLate: false,
  startsAt,
  endsAt: startsAt.replace(':00:00', ':20:00'),
  otherName: 'Lena Landlord',
  conversationId: null,
  listingName: 'Garden flat',
  listingType: 'rent',
  location: '12 Elm Road',
  latitude: 51.5,
  longitude: -0.1,
  bedrooms: 2,
  bathrooms: 1,
  price: 1500,
  imageUrls: [],
})

beforeEach(() => forgetDeviceData())

describe('viewings kept on the device', () => {
  it('keeps the server’s list for its person, replacing what was kept', async () => {
    await keepViewings('user-1', [viewing('a', '2026-12-06T10:00:00Z'), viewing('b', '2026-12-06T11:00:00Z')])
    await keepViewings('user-1', [viewing('b', '2026-12-06T11:00:00Z')])
    await keepViewings('user-2', [viewing('c', '2026-12-07T10:00:00Z')])
    expect((await db.viewings.where('userId').equals('user-1').toArray()).map((v) => v.id)).toEqual(['b'])
  })

  it('a cancellation queued offline shows at once, is queued in the outbox, and outlives a refresh', async () => {
    await keepViewings('user-1', [viewing('a', '2026-12-06T10:00:00Z')])
    expect(await queueCancel('user-1', 'a')).toBe(true)
    expect(await db.viewings.get('a')).toMatchObject({ status: 'cancelled', cancelQueued: true })
    const queued = await db.outbox.toArray()
    expect(queued).toMatchObject([
      { kind: 'viewing.cancel', thing: 'viewing:a', payload: { bookingId: 'a' } },
    ])
    // The server has not heard yet: its list still says booked, the device still shows the cancellation.
    await keepViewings('user-1', [viewing('a', '2026-12-06T10:00:00Z')])
    expect(await db.viewings.get('a')).toMatchObject({ status: 'cancelled', cancelQueued: true })
  })

  it('Running late is queued once with a message id of its own, and noted on the viewing', async () => {
    await keepViewings('user-1', [viewing('a', '2026-12-06T10:00:00Z')])
    await queueRunningLate('user-1', 'a', 10)
    const [entry] = await db.outbox.toArray()
    expect(entry).toMatchObject({ kind: 'viewing.late', payload: { bookingId: 'a', minutes: 10 } })
    const payload = entry?.payload as { messageId: string } | undefined
    expect(payload?.messageId).toMatch(/^[0-9a-f-]{36}$/)
    expect((await db.viewings.get('a'))?.lateQueuedAt).toBeGreaterThan(0)
  })
})
