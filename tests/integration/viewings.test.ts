import { randomUUID } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import { beforeAll, describe, expect, it } from 'vitest'
import { anonClient, serviceClient, signedInUser, type TestUser, withDatabase } from './support/clients'
import {
  book,
  conversationLines,
  expectRefused,
  inMinutes,
  listingOf,
  offerTime,
} from './support/viewings-fixture'

/**
 * Viewings through the real API: who reads and writes what (a table of cases), the rules the database
 * keeps with their messages, a listing leaving the market, and bad input that changes nothing.
 */

let landlord: TestUser
let hunter: TestUser
let otherHunter: TestUser
let listingId: string
let slotId: string
let bookingId: string

beforeAll(async () => {
  ;[landlord, hunter, otherHunter] = await Promise.all([
    signedInUser('Lena Landlord'),
    signedInUser('Hugo Hunter'),
    signedInUser('Olga Other'),
  ])
  listingId = await listingOf(landlord, { location: '12 Elm Road, Cambridge' })
  slotId = await offerTime(landlord, listingId, 3 * 24 * 60)
  const booked = await book(hunter, slotId)
  expect(booked.error).toBeNull()
  bookingId = booked.booking?.id ?? ''
})

type Actor = 'anon' | 'hunter' | 'other hunter' | 'landlord' | 'service'
type Outcome = 'allowed' | 'filtered' | 'rejected'
type Case = {
  rule: string
  actor: Actor
  table: 'viewing_slots' | 'viewing_bookings' | 'viewing_reminders'
  command: 'select' | 'insert' | 'update' | 'delete'
  expect: Outcome
}

const clientOf = (actor: Actor): SupabaseClient =>
  actor === 'anon'
    ? anonClient()
    : actor === 'service'
      ? serviceClient()
      : { hunter, 'other hunter': otherHunter, landlord }[actor].client

const CASES: Case[] = [
  {
    rule: 'a visitor cannot read viewing times',
    actor: 'anon',
    table: 'viewing_slots',
    command: 'select',
    expect: 'rejected',
  },
  {
    rule: 'a hunter does not see a landlord’s times',
    actor: 'hunter',
    table: 'viewing_slots',
    command: 'select',
    expect: 'filtered',
  },
  {
    rule: 'a landlord reads the times of their listing',
    actor: 'landlord',
    table: 'viewing_slots',
    command: 'select',
    expect: 'allowed',
  },
  {
    rule: 'the service reads viewing times',
    actor: 'service',
    table: 'viewing_slots',
    command: 'select',
    expect: 'allowed',
  },
  {
    rule: 'a hunter cannot remove a time by delete',
    actor: 'hunter',
    table: 'viewing_slots',
    command: 'delete',
    expect: 'rejected',
  },
  {
    rule: 'a landlord removes times through the function, not delete',
    actor: 'landlord',
    table: 'viewing_slots',
    command: 'delete',
    expect: 'rejected',
  },
  {
    rule: 'a visitor cannot read bookings',
    actor: 'anon',
    table: 'viewing_bookings',
    command: 'select',
    expect: 'rejected',
  },
  {
    rule: 'a hunter reads their own booking',
    actor: 'hunter',
    table: 'viewing_bookings',
    command: 'select',
    expect: 'allowed',
  },
  {
    rule: 'another hunter sees nothing of it',
    actor: 'other hunter',
    table: 'viewing_bookings',
    command: 'select',
    expect: 'filtered',
  },
  {
    rule: 'the landlord reads the bookings of their listings',
    actor: 'landlord',
    table: 'viewing_bookings',
    command: 'select',
    expect: 'allowed',
  },
  {
    rule: 'the service reads bookings',
    actor: 'service',
    table: 'viewing_bookings',
    command: 'select',
    expect: 'allowed',
  },
  {
    rule: 'a hunter cannot insert a booking past book_viewing',
    actor: 'hunter',
    table: 'viewing_bookings',
    command: 'insert',
    expect: 'rejected',
  },
  {
    rule: 'a hunter cannot change a booking directly',
    actor: 'hunter',
    table: 'viewing_bookings',
    command: 'update',
    expect: 'rejected',
  },
  {
    rule: 'a landlord cannot delete a booking',
    actor: 'landlord',
    table: 'viewing_bookings',
    command: 'delete',
    expect: 'rejected',
  },
  {
    rule: 'a hunter cannot read the reminder queue',
    actor: 'hunter',
    table: 'viewing_reminders',
    command: 'select',
    expect: 'rejected',
  },
  {
    rule: 'a landlord cannot read the reminder queue',
    actor: 'landlord',
    table: 'viewing_reminders',
    command: 'select',
    expect: 'rejected',
  },
  {
    rule: 'the service reads the reminder queue',
    actor: 'service',
    table: 'viewing_reminders',
    command: 'select',
    expect: 'allowed',
  },
]

async function run(c: Case): Promise<{ error: { code?: string } | null; rows: number }> {
  const db = clientOf(c.actor).from(c.table)
  const match =
    c.table === 'viewing_slots'
      ? { id: slotId }
      : c.table === 'viewing_bookings'
        ? { id: bookingId }
        : { booking_id: bookingId }
  if (c.command === 'select') {
    const { data, error } = await db.select('*').match(match)
    return { error, rows: data?.length ?? 0 }
  }
  if (c.command === 'insert') {
    const { error } = await db.insert({ id: randomUUID(), slot_id: slotId, status: 'booked' })
    return { error, rows: 0 }
  }
  if (c.command === 'update') {
    const { data, error } = await db.update({ status: 'cancelled' }).match(match).select('*')
    return { error, rows: data?.length ?? 0 }
  }
  const { data, error } = await db.delete().match(match).select('*')
  return { error, rows: data?.length ?? 0 }
}

describe('who reads and writes viewings', () => {
  it.each(CASES)('$rule', async (c) => {
    const result = await run(c)
    if (c.expect === 'rejected') expect(result.error?.code).toBe('42501')
    else {
      expect(result.error).toBeNull()
      expect(result.rows).toBe(c.expect === 'allowed' ? (c.table === 'viewing_reminders' ? 2 : 1) : 0)
    }
  })

  it('anyone reads a listing’s open times, without the taken ones', async () => {
    const free = await offerTime(landlord, listingId, 3 * 24 * 60 + 60)
    const { data, error } = await anonClient().rpc('open_viewing_slots', { listing_id: listingId })
    expect(error).toBeNull()
    const ids = (data as { id: string }[]).map((s) => s.id)
    expect(ids).toContain(free)
    expect(ids).not.toContain(slotId)
  })

  it('each side sees the viewing in my_viewings, nobody else', async () => {
    const mine = await hunter.client.rpc('my_viewings', {})
    expect(
      (mine.data as { id: string; role: string; other_name: string }[]).find((v) => v.id === bookingId),
    ).toMatchObject({ role: 'hunter', other_name: 'Lena Landlord', location: '12 Elm Road, Cambridge' })
    const theirs = await landlord.client.rpc('my_viewings', {})
    expect((theirs.data as { id: string; role: string }[]).find((v) => v.id === bookingId)).toMatchObject({
      role: 'landlord',
      other_name: 'Hugo Hunter',
    })
    const other = await otherHunter.client.rpc('my_viewings', {})
    expect((other.data as { id: string }[]).some((v) => v.id === bookingId)).toBe(false)
    expect((await anonClient().rpc('my_viewings', {})).error?.code).toBe('42501')
  })
})

describe('landlords offer times', () => {
  it('refuses a time in the past, overlapping, over 2 hours or over 90 days ahead, changing nothing', async () => {
    const listing = await listingOf(landlord)
    await offerTime(landlord, listing, 2 * 24 * 60, { minutes: 30 })
    const attempts: [Record<string, unknown>, string, string][] = [
      [{ starts_at: inMinutes(-10), minutes: 20 }, 'VW010', 'A viewing time cannot be in the past'],
      [
        { starts_at: inMinutes(2 * 24 * 60 + 15), minutes: 20 },
        'VW011',
        'That time overlaps another viewing time',
      ],
      [{ starts_at: inMinutes(5 * 24 * 60), minutes: 150 }, 'VW012', 'A viewing lasts at most 2 hours'],
      [
        { starts_at: inMinutes(91 * 24 * 60), minutes: 20 },
        'VW013',
        'Viewing times can be offered up to 90 days ahead',
      ],
    ]
    for (const [row, code, message] of attempts) {
      const { error } = await landlord.client.from('viewing_slots').insert({ listing_id: listing, ...row })
      expect({ code: error?.code, message: error?.message }).toEqual({ code, message })
    }
    const { data } = await landlord.client.from('viewing_slots').select('id').eq('listing_id', listing)
    expect(data).toHaveLength(1)
  })

  it('a run of times goes in as one; a listing offers up to 40 open times', async () => {
    const listing = await listingOf(landlord)
    const start = Date.now() + 10 * 24 * 3600_000
    const run = Array.from({ length: 40 }, (_, i) => ({
      listing_id: listing,
      starts_at: new Date(Math.floor(start / 60_000) * 60_000 + i * 20 * 60_000).toISOString(),
      minutes: 20,
    }))
    expect((await landlord.client.from('viewing_slots').insert(run)).error).toBeNull()
    const { error } = await landlord.client
      .from('viewing_slots')
      .insert({ listing_id: listing, starts_at: inMinutes(20 * 24 * 60), minutes: 20 })
    expect({ code: error?.code, message: error?.message }).toEqual({
      code: 'VW014',
      message: 'A listing can offer up to 40 open viewing times',
    })
  })

  it('only the listing’s landlord offers its times', async () => {
    const { error } = await hunter.client
      .from('viewing_slots')
      .insert({ listing_id: listingId, starts_at: inMinutes(30 * 24 * 60), minutes: 20 })
    expect(error?.code).toBe('VW015')
  })

  it('removing a booked time cancels the booking with a line; booking it later is refused clearly', async () => {
    const listing = await listingOf(landlord)
    const slot = await offerTime(landlord, listing, 4 * 24 * 60)
    const booked = await book(hunter, slot)
    expect(booked.booking?.status).toBe('booked')
    expect(await hunter.client.rpc('remove_viewing_slot', { slot_id: slot })).toMatchObject({ data: false })
    expect(await landlord.client.rpc('remove_viewing_slot', { slot_id: slot })).toMatchObject({ data: true })
    const { data } = await hunter.client
      .from('viewing_bookings')
      .select('status')
      .eq('id', booked.booking?.id)
    expect(data).toEqual([{ status: 'cancelled' }])
    const lines = await conversationLines(listing, hunter.id)
    expect(lines[0]).toMatch(/^Viewing booked for \w{3} \d{1,2} \w{3}, \d\d:\d\d$/)
    expect(lines[1]).toMatch(/^Viewing cancelled for .*: the landlord removed this time$/)
    expectRefused(await book(otherHunter, slot), 'VW002', 'That time is no longer offered: pick another')
  })
})

describe('hunters book', () => {
  it('an instant time is booked, a confirm-each one requested, then confirmed by the landlord alone', async () => {
    const listing = await listingOf(landlord)
    const slot = await offerTime(landlord, listing, 5 * 24 * 60, { confirmEach: true })
    const requested = await book(hunter, slot)
    expect(requested.booking?.status).toBe('requested')
    const id = requested.booking?.id
    const byHunter = await hunter.client.rpc('answer_viewing_request', { booking_id: id, accept: true })
    expect(byHunter.error).toMatchObject({
      code: 'VW021',
      message: 'Only the landlord confirms or declines a request',
    })
    const byOther = await otherHunter.client.rpc('answer_viewing_request', { booking_id: id, accept: true })
    expect(byOther.error).toMatchObject({ code: 'VW020', message: 'You can only change your own viewings' })
    expect(
      await landlord.client.rpc('answer_viewing_request', { booking_id: id, accept: true }),
    ).toMatchObject({
      data: 'booked',
    })
    expect(await conversationLines(listing, hunter.id)).toEqual([
      expect.stringMatching(/^Viewing requested for /),
      expect.stringMatching(/^Viewing confirmed for /),
    ])
  })

  it('nobody books their own listing, or a time under an hour ahead', async () => {
    expectRefused(
      await book(landlord, await offerTime(landlord, listingId, 6 * 24 * 60)),
      'VW006',
      'This is your own listing',
    )
    const soon = await offerTime(landlord, listingId, 30)
    expectRefused(await book(hunter, soon), 'VW003', 'Viewings are booked at least 1 hour ahead')
    expect((await anonClient().rpc('book_viewing', { slot_id: soon })).error?.code).toBe('42501')
  })

  it('a hunter holds at most 3 upcoming viewings of a listing and 10 in all', async () => {
    const keen = await signedInUser('Keen Hunter')
    const listing = await listingOf(landlord)
    const slots = await Promise.all(
      [1, 2, 3, 4].map((i) => offerTime(landlord, listing, 7 * 24 * 60 + i * 60)),
    )
    for (const slot of slots.slice(0, 3)) expect((await book(keen, slot)).error).toBeNull()
    expectRefused(
      await book(keen, slots[3] ?? ''),
      'VW004',
      'You can hold up to 3 upcoming viewings of one home',
    )
    for (let i = 0; i < 7; i += 1) {
      const other = await listingOf(landlord)
      expect((await book(keen, await offerTime(landlord, other, 8 * 24 * 60))).error).toBeNull()
    }
    const eleventh = await offerTime(landlord, await listingOf(landlord), 9 * 24 * 60)
    expectRefused(await book(keen, eleventh), 'VW005', 'You can hold up to 10 upcoming viewings')
  })

  it('a cancellation of someone else’s booking is refused and changes nothing; one’s own is cancelled once', async () => {
    const listing = await listingOf(landlord)
    const booked = await book(hunter, await offerTime(landlord, listing, 11 * 24 * 60))
    const id = booked.booking?.id
    const refused = await otherHunter.client.rpc('cancel_viewing', { booking_id: id })
    expect(refused.error).toMatchObject({ code: 'VW020', message: 'You can only change your own viewings' })
    const first = await hunter.client.rpc('cancel_viewing', { booking_id: id })
    expect(first.data).toEqual([{ status: 'cancelled', cancelled_late: false }])
    // The device's outbox may send it again: nothing more happens.
    expect((await hunter.client.rpc('cancel_viewing', { booking_id: id })).data).toEqual([
      { status: 'cancelled', cancelled_late: false },
    ])
    expect(
      (await conversationLines(listing, hunter.id)).filter((l) => l.startsWith('Viewing cancelled')),
    ).toHaveLength(1)
  })

  it('a change goes through when the other side blocked the person; only its line is skipped', async () => {
    const listing = await listingOf(landlord)
    const blocked = await signedInUser('Blocked Hunter')
    const booked = await book(blocked, await offerTime(landlord, listing, 16 * 24 * 60))
    expect(booked.error).toBeNull()
    expect(
      (await landlord.client.from('blocked_senders').insert({ blocked_id: blocked.id })).error,
    ).toBeNull()
    const { data, error } = await blocked.client.rpc('cancel_viewing', { booking_id: booked.booking?.id })
    expect(error).toBeNull()
    expect(data).toEqual([{ status: 'cancelled', cancelled_late: false }])
    expect(await conversationLines(listing, blocked.id)).toEqual([
      expect.stringMatching(/^Viewing booked for /),
    ])
  })

  it('a cancellation arriving after the start is kept, marked late', async () => {
    const listing = await listingOf(landlord)
    const booked = await book(hunter, await offerTime(landlord, listing, 12 * 24 * 60))
    await withDatabase((db) =>
      db.query(`update public.viewing_bookings set starts_at = now() - interval '5 minutes' where id = $1`, [
        booked.booking?.id,
      ]),
    )
    const { data } = await hunter.client.rpc('cancel_viewing', { booking_id: booked.booking?.id })
    expect(data).toEqual([{ status: 'cancelled', cancelled_late: true }])
    expect((await conversationLines(listing, hunter.id)).at(-1)).toMatch(/^Viewing cancelled late for /)
  })

  it('running late posts one message to the landlord, however often the outbox sends it', async () => {
    const listing = await listingOf(landlord)
    const booked = await book(hunter, await offerTime(landlord, listing, 13 * 24 * 60))
    const messageId = randomUUID()
    for (let i = 0; i < 2; i += 1) {
      const { error } = await hunter.client.rpc('viewing_running_late', {
        booking_id: booked.booking?.id,
        message_id: messageId,
        minutes: 10,
      })
      expect(error).toBeNull()
    }
    const late = (await conversationLines(listing, hunter.id)).filter((l) => l.startsWith('Running late'))
    expect(late).toEqual([
      expect.stringMatching(/^Running late for the viewing at \d\d:\d\d: about 10 minutes$/),
    ])
  })
})

describe('the booking race', () => {
  it('32 hunters pressing at once for 4 times: one booking each, the rest told it was taken, no errors', async () => {
    const listing = await listingOf(landlord)
    const slots = await Promise.all(
      [0, 1, 2, 3].map((i) => offerTime(landlord, listing, 14 * 24 * 60 + i * 30)),
    )
    const hunters = await Promise.all(Array.from({ length: 32 }, (_, i) => signedInUser(`Racer ${i}`)))
    const results = await Promise.all(hunters.map((h, i) => book(h, slots[i % 4] ?? '')))
    const won = results.filter((r) => r.error === null)
    expect(won).toHaveLength(4)
    const lost = results.filter((r) => r.error !== null)
    expect(lost).toHaveLength(28)
    for (const r of lost)
      expect(r.error).toEqual({ code: 'VW001', message: 'That time was just taken: pick another' })
    const counts = await withDatabase(async (db) => {
      const { rows } = await db.query<{ n: number }>(
        `select count(*)::int as n from public.viewing_bookings where listing_id = $1 group by slot_id`,
        [listing],
      )
      return rows.map((r) => r.n)
    })
    expect(counts).toEqual([1, 1, 1, 1])
  })
})

describe('a listing leaves the market', () => {
  it('its open requests are cancelled with a line; booked viewings stay', async () => {
    const listing = await listingOf(landlord)
    const requested = await book(
      hunter,
      await offerTime(landlord, listing, 15 * 24 * 60, { confirmEach: true }),
    )
    const booked = await book(otherHunter, await offerTime(landlord, listing, 15 * 24 * 60 + 60))
    expect(
      (await landlord.client.from('listings').update({ status: 'let_agreed' }).eq('id', listing)).error,
    ).toBeNull()
    const { data } = await landlord.client
      .from('viewing_bookings')
      .select('id, status')
      .eq('listing_id', listing)
      .order('starts_at')
    expect(data).toEqual([
      { id: requested.booking?.id, status: 'cancelled' },
      { id: booked.booking?.id, status: 'booked' },
    ])
    expect((await conversationLines(listing, hunter.id)).at(-1)).toMatch(
      /^Viewing request cancelled for .*: the home is now let agreed$/,
    )
    expect((await anonClient().rpc('open_viewing_slots', { listing_id: listing })).data).toEqual([])
  })
})
