import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { signedInUser, type TestUser, withDatabase } from './support/clients'
import { type PushService, startPushService } from './support/push-service'
import { runInstantSender, subscribeAt } from './support/send-alerts'
import { book, listingOf, offerTime } from './support/viewings-fixture'

/**
 * Viewing pushes through the real send-alerts (real Deno) to the stand-in push service, which checks
 * VAPID and decrypts: a request to the landlord at once, a reminder to each side 2 hours before, each
 * once; and viewings in `Download my data` and gone with `Delete my account`.
 */

let push: PushService
let landlord: TestUser
let hunter: TestUser

beforeAll(async () => {
  ;[push, landlord, hunter] = await Promise.all([
    startPushService(),
    signedInUser('Rita Landlord'),
    signedInUser('Ravi Hunter'),
  ])
})

afterAll(async () => {
  await push?.close()
})

const clock = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit' }).format(
    new Date(iso),
  )

const pending = (bookingId: string) =>
  withDatabase(async (db) => {
    const { rows } = await db.query<{ n: number }>(
      'select count(*)::int as n from public.viewing_reminders where booking_id = $1 and sent_at is null',
      [bookingId],
    )
    return rows[0]?.n ?? 0
  })

describe('viewing pushes', () => {
  it('a viewing 90 minutes ahead reminds both sides once: `Viewing at 10:20: 12 Elm Road`', async () => {
    const landlordBrowser = await subscribeAt(push, landlord)
    const hunterBrowser = await subscribeAt(push, hunter)
    const listing = await listingOf(landlord, {
      location: '12 Elm Road, Cambridge',
      name: 'Elm Road family home',
    })
    const { booking } = await book(hunter, await offerTime(landlord, listing, 90))
    expect(booking?.status).toBe('booked')
    expect(await pending(booking?.id ?? '')).toBe(2)
    await runInstantSender()
    const expected = {
      title: `Viewing at ${clock(booking?.starts_at ?? '')}: 12 Elm Road, Cambridge`,
      body: 'Elm Road family home',
      url: '/viewings',
      tag: `viewing-reminder-${booking?.id}`,
    }
    // The landlord also gets the push of the conversation's line `Viewing booked for …`.
    const reminders = (endpoint: string) =>
      push.messages(endpoint).filter((m) => (m.json as { tag: string }).tag === expected.tag)
    await expect.poll(() => reminders(hunterBrowser.endpoint).length).toBe(1)
    await expect.poll(() => reminders(landlordBrowser.endpoint).length).toBe(1)
    expect(reminders(hunterBrowser.endpoint)[0]?.json).toEqual(expected)
    expect(reminders(landlordBrowser.endpoint)[0]?.json).toEqual(expected)
    await runInstantSender()
    expect(reminders(hunterBrowser.endpoint)).toHaveLength(1)
    expect(reminders(landlordBrowser.endpoint)).toHaveLength(1)
    expect(await pending(booking?.id ?? '')).toBe(0)
  })

  it('a request pushes to the landlord at once; its reminder waits until 2 hours before', async () => {
    const landlordBrowser = await subscribeAt(push, landlord)
    const listing = await listingOf(landlord, { name: 'Quiet cottage by the river' })
    const { booking } = await book(
      hunter,
      await offerTime(landlord, listing, 3 * 24 * 60, { confirmEach: true }),
    )
    await runInstantSender()
    const requests = () =>
      push
        .messages(landlordBrowser.endpoint)
        .filter((m) => (m.json as { tag: string }).tag === `viewing-request-${booking?.id}`)
    await expect.poll(() => requests().length).toBe(1)
    expect(requests()[0]?.json).toMatchObject({ body: 'Ravi Hunter asks to view Quiet cottage by the river' })
    await landlord.client.rpc('answer_viewing_request', { booking_id: booking?.id, accept: true })
    await runInstantSender()
    // Two reminders wait for their time; the request was sent once.
    expect(await pending(booking?.id ?? '')).toBe(2)
    expect(requests()).toHaveLength(1)
  })

  it('a reminder the push service refuses is kept with its error and retried later; the other side’s goes', async () => {
    const [l, h] = await Promise.all([signedInUser('Refused Landlord'), signedInUser('Fine Hunter')])
    const [refusing, fine] = [await subscribeAt(push, l), await subscribeAt(push, h)]
    push.respondWith(refusing.endpoint, 500)
    const listing = await listingOf(l, { location: '3 Ash Lane, York' })
    const { booking } = await book(h, await offerTime(l, listing, 100))
    const tag = `viewing-reminder-${booking?.id}`
    const reminders = (endpoint: string) =>
      push.messages(endpoint).filter((m) => (m.json as { tag: string }).tag === tag)
    const landlordRow = () =>
      withDatabase(async (db) => {
        const { rows } = await db.query<{
          sent_at: Date | null
          attempts: number
          last_error: string | null
        }>(
          `select sent_at, attempts, last_error from public.viewing_reminders
           where booking_id = $1 and recipient_id = $2 and kind = 'reminder'`,
          [booking?.id, l.id],
        )
        return rows[0]
      })
    await runInstantSender()
    await expect.poll(() => reminders(fine.endpoint).length).toBe(1)
    expect(await landlordRow()).toMatchObject({
      sent_at: null,
      attempts: 1,
      last_error: expect.stringMatching(/500/),
    })
    // Not due again yet: the next run leaves it.
    await runInstantSender()
    expect(await landlordRow()).toMatchObject({ attempts: 1 })
    // Its time comes, the push service answers again: sent once.
    push.respondWith(refusing.endpoint, null)
    await withDatabase((db) =>
      db.query('update public.viewing_reminders set next_attempt_at = now() where booking_id = $1', [
        booking?.id,
      ]),
    )
    await runInstantSender()
    await expect.poll(() => reminders(refusing.endpoint).length).toBe(1)
    expect(await landlordRow()).toMatchObject({ attempts: 2, last_error: null })
    expect(reminders(fine.endpoint)).toHaveLength(1)
  })

  it('a cancelled viewing owes no reminder', async () => {
    const listing = await listingOf(landlord)
    const { booking } = await book(hunter, await offerTime(landlord, listing, 4 * 24 * 60))
    expect(await pending(booking?.id ?? '')).toBe(2)
    await hunter.client.rpc('cancel_viewing', { booking_id: booking?.id })
    expect(await pending(booking?.id ?? '')).toBe(0)
  })
})

describe('a person’s viewings are their data', () => {
  it('Download my data lists the viewings and the times offered', async () => {
    const listing = await listingOf(landlord)
    const slot = await offerTime(landlord, listing, 5 * 24 * 60)
    const { booking } = await book(hunter, slot)
    const exportOf = async (who: TestUser) => {
      const token = (await who.client.auth.getSession()).data.session?.access_token
      const response = await fetch(`${inject('apiUrl')}/functions/v1/export-data`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}` },
      })
      expect(response.status).toBe(200)
      return (await response.json()) as {
        viewings: { id: string; my_role: string }[]
        viewing_times: { id: string }[]
      }
    }
    const mine = await exportOf(hunter)
    expect(mine.viewings).toContainEqual(expect.objectContaining({ id: booking?.id, my_role: 'hunter' }))
    expect(mine.viewing_times).toEqual([])
    const theirs = await exportOf(landlord)
    expect(theirs.viewings).toContainEqual(expect.objectContaining({ id: booking?.id, my_role: 'landlord' }))
    expect(theirs.viewing_times.map((t) => t.id)).toContain(slot)
  })

  it('Delete my account takes the person’s viewings with it', async () => {
    const doomed = await signedInUser('Dana Doomed')
    const listing = await listingOf(landlord)
    const { booking } = await book(doomed, await offerTime(landlord, listing, 6 * 24 * 60))
    const { error } = await doomed.client.functions.invoke('delete-account', {
      body: { password: doomed.password },
    })
    expect(error).toBeNull()
    const left = await withDatabase(async (db) => {
      const { rows } = await db.query<{ n: number }>(
        `select (select count(*) from public.viewing_bookings where id = $1 or hunter_id = $2)
              + (select count(*) from public.viewing_reminders where recipient_id = $2) as n`,
        [booking?.id, doomed.id],
      )
      return Number(rows[0]?.n)
    })
    expect(left).toBe(0)
  })
})
