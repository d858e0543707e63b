import { beforeAll, describe, expect, inject, it } from 'vitest'
import { listingWithPhotos, type PopulatedAccount, populatedAccount } from './account-fixture'
import { client, signedInUser, type TestUser, withDatabase } from './support/clients'
import { establishReporters } from './support/reporters'

/**
 * export-data through the real Edge Function: the caller's data from the server, exactly theirs and none of
 * anybody else's, named roost-data-<date>.json; and an account of 200 listings and 1,000 messages within 5 s.
 */

type Export = {
  exported_at: string
  user_id: string
  profile: { id: string; name: string; email: string }
  listings: { id: string; image_urls: string[] }[]
  saved_homes: { listing_id: string }[]
  saved_searches: { id: string; name: string }[]
  conversations: { id: string; my_role: string; messages: { body: string; from_me: boolean }[] }[]
  listing_reports: { listing_id: string; reason: string; note: string }[]
  email_confirmation: { email: string; confirmed_at: string } | null
  blocked_people: { blocked_id: string }[]
  push_subscriptions: { endpoint: string }[]
  listing_price_history: {
    listing_id: string
    price: number
    previous_price: number | null
    changed_at: string
  }[]
  listing_status_history: {
    listing_id: string
    status: string
    previous_status: string | null
    changed_at: string
  }[]
}

let other: TestUser
let otherListing: string
let alice: PopulatedAccount
let bob: PopulatedAccount

async function exportOf(who: TestUser): Promise<{ status: number; name: string | null; body: string }> {
  const token = (await who.client.auth.getSession()).data.session?.access_token
  const url = `${inject('apiUrl')}/functions/v1/export-data`
  const response = await fetch(url, { method: 'POST', headers: { Authorization: `Bearer ${token}` } })
  const disposition = response.headers.get('Content-Disposition') ?? ''
  return {
    status: response.status,
    name: /filename="([^"]+)"/.exec(disposition)?.[1] ?? null,
    body: await response.text(),
  }
}

beforeAll(async () => {
  other = await signedInUser('Otto Other')
  otherListing = (await listingWithPhotos(other, 1)).id
  alice = await populatedAccount('Alice Exporter', other, otherListing)
  bob = await populatedAccount('Bob Bystander', other, otherListing)
  await establishReporters(alice, bob)
})

describe('export-data', () => {
  it('gives the caller exactly their data, as roost-data-<date>.json', async () => {
    // One of Alice's homes is reduced and let agreed, so her listings have a price and a status history.
    const [moved, unmoved] = alice.listings as [string, string]
    const edit = await alice.client
      .from('listings')
      .update({ regular_price: 1100, status: 'let_agreed' })
      .eq('id', moved)
    expect(edit.error).toBeNull()
    // Bob's homes move too, and none of it is in Alice's export.
    const bobEdit = await bob.client
      .from('listings')
      .update({ regular_price: 1000, status: 'let' })
      .eq('id', bob.listings[0] as string)
    expect(bobEdit.error).toBeNull()

    const { status, name, body } = await exportOf(alice)
    expect(status).toBe(200)
    expect(name).toBe(`roost-data-${new Date().toISOString().slice(0, 10)}.json`)
    const data = JSON.parse(body) as Export
    expect(data.user_id).toBe(alice.id)
    expect(data.profile).toMatchObject({ id: alice.id, name: 'Alice Exporter', email: alice.email })
    expect(data.listings.map((l) => l.id).sort()).toEqual([...alice.listings].sort())
    expect(
      data.listings
        .flatMap((l) => l.image_urls)
        .map((url) => url.split('/listing-images/')[1])
        .sort(),
    ).toEqual([...alice.photos].sort())
    expect(data.saved_homes.map((s) => s.listing_id)).toEqual([otherListing])
    expect(data.saved_searches.map((s) => s.id)).toEqual([alice.savedSearch])
    expect(data.push_subscriptions.map((s) => s.endpoint)).toEqual([alice.endpoint])
    expect(data.listing_reports).toEqual([
      expect.objectContaining({ listing_id: otherListing, reason: 'Wrong details', note: 'Not 2 beds' }),
    ])
    expect(data.email_confirmation).toMatchObject({ email: alice.email })
    expect(data.blocked_people.map((b) => b.blocked_id)).toEqual([other.id])
    const byListing = <T extends { listing_id: string }>(rows: T[], id: string) =>
      rows.filter((row) => row.listing_id === id)
    expect(data.listing_price_history).toHaveLength(3)
    expect(byListing(data.listing_price_history, moved).map((h) => [h.price, h.previous_price])).toEqual([
      [1200, null],
      [1100, 1200],
    ])
    expect(byListing(data.listing_price_history, unmoved).map((h) => [h.price, h.previous_price])).toEqual([
      [1200, null],
    ])
    expect(data.listing_status_history).toHaveLength(3)
    expect(byListing(data.listing_status_history, moved).map((h) => [h.status, h.previous_status])).toEqual([
      ['available', null],
      ['let_agreed', 'available'],
    ])
    expect(byListing(data.listing_status_history, unmoved).map((h) => h.status)).toEqual(['available'])
    expect(
      data.conversations.map((c) => [c.id, c.my_role, c.messages.map((m) => [m.body, m.from_me])]),
    ).toEqual([
      [
        alice.conversations[0],
        'hunter',
        [
          ['Hello from Alice Exporter', true],
          ['Reply to you', false],
        ],
      ],
      [
        alice.conversations[1],
        'landlord',
        [
          ['Is it free?', false],
          ['Yes, says Alice Exporter', true],
        ],
      ],
    ])

    // Nothing of anybody else: not Bob's id, email, listings, photos, searches, endpoint or conversations.
    for (const theirs of [
      bob.id,
      bob.email,
      bob.endpoint,
      bob.savedSearch,
      ...bob.listings,
      ...bob.conversations,
    ]) {
      expect(body).not.toContain(theirs)
    }
    expect(body).not.toContain('Bob Bystander')
    expect(body).not.toContain(other.email)
  })

  it('exports an account at most once a minute: a second export within the minute gets 429', async () => {
    const eager = await signedInUser('Eve Eager')
    const first = await exportOf(eager)
    expect(first.status).toBe(200)
    const second = await exportOf(eager)
    expect(second.status).toBe(429)
    expect(JSON.parse(second.body)).toEqual({
      error: 'too_many_exports',
      message: 'You can download your data once a minute. Please try again shortly.',
    })
    // Another account is not held back; a minute later the same account exports again.
    expect((await exportOf(bob)).status).toBe(200)
    await withDatabase((db) =>
      db.query(
        `update public.account_function_tries set tried_at = tried_at - interval '1 minute'
         where kind = 'export' and account_id = $1`,
        [eager.id],
      ),
    )
    expect((await exportOf(eager)).status).toBe(200)
  })

  it('many exports of one account at once: one runs, the rest get 429', async () => {
    const eager = await signedInUser('Ivy Impatient')
    const statuses = await Promise.all(
      Array.from({ length: 10 }, () => exportOf(eager).then((r) => r.status)),
    )
    expect(statuses.filter((s) => s === 200)).toHaveLength(1)
    expect(statuses.filter((s) => s === 429)).toHaveLength(9)
  })

  it('refuses a caller without a user token', async () => {
    const { error } = await client().functions.invoke('export-data', { body: {} })
    expect((error as { context?: Response } | null)?.context?.status).toBe(401)
  })

  it('exports an account of 200 listings and 1,000 messages in under 5 s', async () => {
    const big = await signedInUser('Bea Busy')
    const talker = await signedInUser('Tom Talker')
    await withDatabase(async (db) => {
      await db.query('begin')
      // Written as the data would have grown over months: the per-day limits do not apply to the past. Only
      // that trigger is off for the listings: the others (the map's clusters, the histories) keep count.
      await db.query('alter table public.listings disable trigger listings_publishing_limits')
      await db.query(
        `insert into public.listings (name, location, regular_price, image_urls, latitude, longitude, user_ref, created_at)
         select 'Busy flat number ' || n, 'Mill Road, Cambridge', 1200,
                array['https://images.example.com/a/b/1.jpg', 'https://images.example.com/a/b/2.jpg'],
                52.2, 0.14, $1, now() - make_interval(days => n)
         from generate_series(1, 200) as n`,
        [big.id],
      )
      await db.query('alter table public.listings enable trigger listings_publishing_limits')
      await db.query('set local session_replication_role = replica')
      await db.query(
        `with listing as (select id, row_number() over (order by id) as n from public.listings where user_ref = $1),
         talk as (
           insert into public.conversations (id, listing_id, hunter_id, landlord_id)
           select gen_random_uuid(), id, $2, $1 from listing where n <= 50 returning id
         )
         insert into public.messages (id, conversation_id, sender_id, body, created_at)
         select gen_random_uuid(), talk.id, case when m % 2 = 0 then $1 else $2 end::uuid,
                'Message number ' || m || ' about the flat, with a few more words to make it ordinary.',
                now() - make_interval(mins => m)
         from talk cross join generate_series(1, 20) as m`,
        [big.id, talker.id],
      )
      await db.query('commit')
    })

    // The first call boots the function; the figure is for a warm one. Another account warms it: one account
    // exports once a minute.
    await exportOf(talker)
    const started = performance.now()
    const { status, body } = await exportOf(big)
    const elapsed = performance.now() - started
    expect(status).toBe(200)
    const data = JSON.parse(body) as Export
    expect(data.listings).toHaveLength(200)
    expect(data.conversations.flatMap((c) => c.messages)).toHaveLength(1000)
    console.log(`export of 200 listings and 1,000 messages: ${Math.round(elapsed)} ms, ${body.length} bytes`)
    expect(elapsed).toBeLessThan(5000)
  })
})
