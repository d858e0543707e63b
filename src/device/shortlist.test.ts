import 'fake-indexeddb/auto'
import { beforeEach, describe, expect, it } from 'vitest'
import { db } from '../lib/local-db'
import { noteTooLong } from '../types/shortlist'
import { forgetDeviceData } from './forget-device-data'
import {
  keepInvitation,
  keepShortlist,
  queueNote,
  queueVote,
  readKeptShortlist,
  type ServerShortlist,
} from './shortlist'

const server = (notes: ServerShortlist['notes'], openInvitations: string[] = []): ServerShortlist => ({
  shortlistId: 's1',
  members: [
    { userId: 'alex', name: 'Alex', seat: 1 },
    { userId: 'sam', name: 'Sam', seat: 2 },
  ],
  homes: [{ listingId: 'l1', addedBy: 'sam', addedAt: '2026-11-28T10:00:00Z' }],
  notes,
  openInvitations,
})

beforeEach(() => forgetDeviceData())

describe('notes and the shortlist kept on the device', () => {
  it('a note written offline shows at once and is queued once in the outbox, in order with the vote', async () => {
    expect(await queueNote('alex', 'l1', 'love the garden')).toBe(true)
    expect(await queueVote('alex', 'l1', 'up')).toBe(true)
    const kept = await readKeptShortlist('alex')
    expect(kept.notes).toEqual([
      expect.objectContaining({ authorId: 'alex', listingId: 'l1', body: 'love the garden', vote: 'up' }),
    ])
    const entries = await db.outbox.orderBy('seq').toArray()
    expect(entries.map((e) => [e.kind, e.thing, e.payload])).toEqual([
      ['home-note.set', 'home-note:l1', { listingId: 'l1', body: 'love the garden' }],
      ['home-vote.set', 'home-note:l1', { listingId: 'l1', vote: 'up' }],
    ])
  })

  it('a read from the server keeps the person’s notes still queued, and takes the rest', async () => {
    await queueNote('alex', 'l1', 'written offline')
    const sams = {
      authorId: 'sam',
      listingId: 'l1',
      body: 'close to work',
      vote: 'up' as const,
      updatedAt: 'x',
    }
    const stale = { authorId: 'alex', listingId: 'l1', body: 'older', vote: null, updatedAt: 'x' }
    await keepShortlist('alex', server([sams, stale]))
    const kept = await readKeptShortlist('alex')
    expect(kept.notes.map((n) => `${n.authorId}: ${n.body}`).sort()).toEqual([
      'alex: written offline',
      'sam: close to work',
    ])
    expect(kept.homes).toEqual([{ listingId: 'l1', addedBy: 'sam', addedAt: '2026-11-28T10:00:00Z' }])
    // Once sent, the server's copy is the one kept.
    await db.outbox.clear()
    await keepShortlist('alex', server([{ ...stale, body: 'written offline' }]))
    expect((await readKeptShortlist('alex')).notes).toEqual([{ ...stale, body: 'written offline' }])
  })

  it('keeps the link this device made while the server says it is open', async () => {
    await keepInvitation('alex', { id: 'i1', token: 't', expiresAt: 'e' })
    await keepShortlist('alex', server([], ['i1']))
    expect((await readKeptShortlist('alex')).invitation?.id).toBe('i1')
    await keepShortlist('alex', server([], []))
    expect((await readKeptShortlist('alex')).invitation).toBeNull()
  })

  it('refuses a note over 1,000 characters with its length, as the server does', () => {
    expect(noteTooLong('x'.repeat(1000))).toBeNull()
    expect(noteTooLong('x'.repeat(1234))).toBe(
      'A note can have up to 1,000 characters: this one has 1,234 characters',
    )
  })
})
