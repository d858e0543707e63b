import { createECDH, randomBytes, randomUUID } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { anonClient, serviceClient, signedInUser, type TestUser, withDatabase } from './support/clients'
import { validListing } from './support/rls-cases'

/**
 * Saved searches, push subscriptions and the alert queue through the API, as the app and the sender
 * reach them: who may do what (a table of cases per table, role and command), the 20-search limit,
 * the columns nobody changes, and the RPCs saved_search_new_counts and open_saved_search.
 */

let owner: TestUser
let other: TestUser
let landlord: TestUser
const listingIds: string[] = []

beforeAll(async () => {
  ;[owner, other, landlord] = await Promise.all([
    signedInUser('Search Owner'),
    signedInUser('Other Person'),
    signedInUser('Rules Landlord'),
  ])
})

afterAll(async () => {
  await serviceClient().from('listings').delete().in('id', listingIds)
})

type Actor = 'anon' | 'owner' | 'other' | 'service'
type Outcome = 'allowed' | 'filtered' | 'rejected'
type Table = 'saved_searches' | 'push_subscriptions' | 'alert_deliveries' | 'saved_search_matches'

const clientOf = (actor: Actor): SupabaseClient =>
  actor === 'anon'
    ? anonClient()
    : actor === 'service'
      ? serviceClient()
      : actor === 'owner'
        ? owner.client
        : other.client

function browserKey(): string {
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  return ecdh.getPublicKey().toString('base64url')
}

const subscriptionRow = (id = randomUUID()) => ({
  id,
  endpoint: `https://push.example.com/send/${randomUUID()}`,
  // A browser's keys: an uncompressed P-256 point and a 16-byte secret, as the database requires.
  p256dh: browserKey(),
  auth: randomBytes(16).toString('base64url'),
})

/** A row of each table belonging to `owner`, written with full rights; returns its id. */
async function ownersRow(table: Table): Promise<string> {
  return withDatabase(async (db) => {
    // Each case starts from the owner's one row (and stays under the 20-search limit).
    await db.query('delete from public.saved_searches where user_id = $1', [owner.id])
    if (table === 'saved_searches') {
      const { rows } = await db.query<{ id: string }>(
        `insert into public.saved_searches (user_id, name, params) values ($1, 'Rules', '{"keywords":"Hackney"}') returning id`,
        [owner.id],
      )
      return rows[0]?.id ?? ''
    }
    if (table === 'push_subscriptions') {
      const row = subscriptionRow()
      await db.query(
        'insert into public.push_subscriptions (id, user_id, endpoint, p256dh, auth) values ($1, $2, $3, $4, $5)',
        [row.id, owner.id, row.endpoint, row.p256dh, row.auth],
      )
      return row.id
    }
    if (table === 'saved_search_matches') {
      const search = await db.query<{ id: string }>(
        `insert into public.saved_searches (user_id, name, params) values ($1, 'Matched', '{}') returning id`,
        [owner.id],
      )
      const listing = await db.query<{ id: string }>('select id from public.listings limit 1')
      await db.query(
        `insert into public.saved_search_matches (saved_search_id, listing_id, listing_created_at) values ($1, $2, now())`,
        [search.rows[0]?.id, listing.rows[0]?.id],
      )
      return String(search.rows[0]?.id)
    }
    const listingId = randomUUID()
    listingIds.push(listingId)
    const listing = validListing(listingId)
    await db.query(
      `insert into public.listings (id, type, name, location, regular_price, image_urls, latitude, longitude, user_ref)
       values ($1, 'rent', $2, $3, 1000, $4, 51.5, -0.1, $5)`,
      [listingId, listing.name, listing.location, listing.image_urls, landlord.id],
    )
    const { rows } = await db.query<{ id: string }>(
      `insert into public.saved_searches (user_id, name, params) values ($1, 'Queue', '{}') returning id`,
      [owner.id],
    )
    const queued = await db.query<{ id: string }>(
      `insert into public.alert_deliveries (saved_search_id, listing_id, user_id, kind)
       values ($1, $2, $3, 'instant') returning id`,
      [rows[0]?.id, listingId, owner.id],
    )
    return String(queued.rows[0]?.id)
  })
}

type Case = {
  table: Table
  actor: Actor
  command: 'select' | 'insert' | 'update' | 'delete'
  expect: Outcome
}

const cases: Case[] = [
  // saved_searches: a person reads and writes their own only; anon nothing.
  { table: 'saved_searches', actor: 'owner', command: 'select', expect: 'allowed' },
  { table: 'saved_searches', actor: 'owner', command: 'insert', expect: 'allowed' },
  { table: 'saved_searches', actor: 'owner', command: 'update', expect: 'allowed' },
  { table: 'saved_searches', actor: 'owner', command: 'delete', expect: 'allowed' },
  { table: 'saved_searches', actor: 'other', command: 'select', expect: 'filtered' },
  // An insert naming someone else is stored in the caller's own name (checked below).
  { table: 'saved_searches', actor: 'other', command: 'insert', expect: 'allowed' },
  { table: 'saved_searches', actor: 'other', command: 'update', expect: 'filtered' },
  { table: 'saved_searches', actor: 'other', command: 'delete', expect: 'filtered' },
  { table: 'saved_searches', actor: 'anon', command: 'select', expect: 'rejected' },
  { table: 'saved_searches', actor: 'anon', command: 'insert', expect: 'rejected' },
  { table: 'saved_searches', actor: 'anon', command: 'update', expect: 'rejected' },
  { table: 'saved_searches', actor: 'anon', command: 'delete', expect: 'rejected' },
  { table: 'saved_searches', actor: 'service', command: 'select', expect: 'allowed' },
  { table: 'saved_searches', actor: 'service', command: 'delete', expect: 'allowed' },
  // push_subscriptions: the same.
  { table: 'push_subscriptions', actor: 'owner', command: 'select', expect: 'allowed' },
  { table: 'push_subscriptions', actor: 'owner', command: 'insert', expect: 'allowed' },
  { table: 'push_subscriptions', actor: 'owner', command: 'update', expect: 'allowed' },
  { table: 'push_subscriptions', actor: 'owner', command: 'delete', expect: 'allowed' },
  { table: 'push_subscriptions', actor: 'other', command: 'select', expect: 'filtered' },
  { table: 'push_subscriptions', actor: 'other', command: 'insert', expect: 'allowed' },
  { table: 'push_subscriptions', actor: 'other', command: 'update', expect: 'filtered' },
  { table: 'push_subscriptions', actor: 'other', command: 'delete', expect: 'filtered' },
  { table: 'push_subscriptions', actor: 'anon', command: 'select', expect: 'rejected' },
  { table: 'push_subscriptions', actor: 'anon', command: 'insert', expect: 'rejected' },
  { table: 'push_subscriptions', actor: 'service', command: 'select', expect: 'allowed' },
  { table: 'push_subscriptions', actor: 'service', command: 'delete', expect: 'allowed' },
  // alert_deliveries: the server's; not even the person it is for may read it.
  { table: 'alert_deliveries', actor: 'owner', command: 'select', expect: 'rejected' },
  { table: 'alert_deliveries', actor: 'owner', command: 'insert', expect: 'rejected' },
  { table: 'alert_deliveries', actor: 'owner', command: 'update', expect: 'rejected' },
  { table: 'alert_deliveries', actor: 'owner', command: 'delete', expect: 'rejected' },
  { table: 'alert_deliveries', actor: 'other', command: 'select', expect: 'rejected' },
  { table: 'alert_deliveries', actor: 'anon', command: 'select', expect: 'rejected' },
  { table: 'alert_deliveries', actor: 'anon', command: 'delete', expect: 'rejected' },
  { table: 'alert_deliveries', actor: 'service', command: 'select', expect: 'allowed' },
  { table: 'alert_deliveries', actor: 'service', command: 'update', expect: 'allowed' },
  { table: 'alert_deliveries', actor: 'service', command: 'delete', expect: 'allowed' },
  // saved_search_matches: the server's too (the app reads counts through saved_search_new_counts).
  { table: 'saved_search_matches', actor: 'owner', command: 'select', expect: 'rejected' },
  { table: 'saved_search_matches', actor: 'anon', command: 'select', expect: 'rejected' },
  { table: 'saved_search_matches', actor: 'other', command: 'delete', expect: 'rejected' },
]

/** Runs one command on the owner's row (or inserts a new row in the actor's or the owner's name). */
const clientUserId = (actor: Actor) => (actor === 'owner' ? owner.id : other.id)

async function run(c: Case): Promise<{ outcome: Outcome; code?: string; message?: string }> {
  const api = clientOf(c.actor)
  const id = await ownersRow(c.table)
  const query = api.from(c.table)
  const key = c.table === 'saved_search_matches' ? 'saved_search_id' : 'id'
  const result =
    c.command === 'select'
      ? await query.select('*').eq(key, id)
      : c.command === 'delete'
        ? await query.delete().eq(key, id).select('*')
        : c.command === 'update'
          ? await query
              .update(
                c.table === 'saved_searches'
                  ? { name: 'Renamed' }
                  : c.table === 'push_subscriptions'
                    ? { auth: 'B'.repeat(22) }
                    : { attempts: 1 },
              )
              .eq('id', id)
              .select('id')
          : await query
              .insert(
                c.table === 'saved_searches'
                  ? { name: 'New', params: { type: 'rent' }, user_id: owner.id }
                  : c.table === 'push_subscriptions'
                    ? { ...subscriptionRow(), user_id: owner.id }
                    : {
                        saved_search_id: randomUUID(),
                        listing_id: randomUUID(),
                        user_id: owner.id,
                        kind: 'instant',
                      },
              )
              .select('id')
  if (result.error) return { outcome: 'rejected', code: result.error.code, message: result.error.message }
  if (c.command === 'insert' && c.table !== 'alert_deliveries' && c.actor !== 'service') {
    const written = await serviceClient().from(c.table).select('user_id').eq('id', result.data?.[0]?.id)
    expect(written.data).toEqual([{ user_id: clientUserId(c.actor) }])
  }
  return { outcome: (result.data?.length ?? 0) > 0 ? 'allowed' : 'filtered' }
}

describe('who may do what', () => {
  it.each(cases)('$table: $actor $command → $expect', async (c) => {
    const { outcome, code, message } = await run(c)
    expect(outcome, message).toBe(c.expect)
    if (outcome === 'rejected') expect(code).toBe('42501')
  })
})

describe('saved_searches', () => {
  it('stores the caller as the owner and the server time, whatever the request says', async () => {
    const { data, error } = await owner.client
      .from('saved_searches')
      .insert({
        name: 'Mine',
        params: { keywords: 'Mine' },
        user_id: owner.id,
        created_at: '2001-01-01T00:00:00Z',
      })
      .select('user_id, created_at, alerts, last_opened_at')
      .single()
    expect(error).toBeNull()
    expect(data?.user_id).toBe(owner.id)
    expect(new Date(data?.created_at).getFullYear()).toBeGreaterThan(2001)
    expect(data?.alerts).toBe('off')
  })

  it('keeps user_id and created_at as they were on update', async () => {
    const id = await ownersRow('saved_searches')
    const before = await serviceClient().from('saved_searches').select('created_at').eq('id', id).single()
    const { error } = await owner.client
      .from('saved_searches')
      .update({ created_at: '2001-01-01T00:00:00Z', name: 'Still mine' })
      .eq('id', id)
    expect(error).toBeNull()
    const moved = await owner.client
      .from('saved_searches')
      .update({ user_id: other.id })
      .eq('id', id)
      .select('id')
    // Handing it to someone else changes nothing either.
    expect(moved.error).toBeNull()
    const after = await serviceClient()
      .from('saved_searches')
      .select('user_id, created_at, name')
      .eq('id', id)
      .single()
    expect(after.data).toEqual({ user_id: owner.id, created_at: before.data?.created_at, name: 'Still mine' })
  })

  it('takes a search sent twice once (the offline outbox resends with the same id)', async () => {
    const id = randomUUID()
    const row = { id, name: 'Twice', params: { keywords: 'Twice' } }
    for (let i = 0; i < 2; i++) {
      const { error } = await owner.client
        .from('saved_searches')
        .upsert(row, { onConflict: 'id', ignoreDuplicates: true })
      expect(error).toBeNull()
    }
    const { data } = await owner.client.from('saved_searches').select('id').eq('id', id)
    expect(data).toHaveLength(1)
  })

  it.each<[string, { name: string; params: Record<string, unknown> }]>([
    ['an unknown key', { name: 'Junk', params: { keywords: 'Hackney', colour: 'red' } }],
    ['a number as text', { name: 'Junk', params: { minBeds: '2' } }],
    ['a bbox of three numbers', { name: 'Junk', params: { bbox: '1,2,3' } }],
  ])('refuses a search that is not one (%s) with 22023 and its reason', async (_, row) => {
    const { error } = await owner.client.from('saved_searches').insert(row)
    expect(error?.code).toBe('22023')
    expect(error?.message).toMatch(/Unknown search field|minBeds is a whole number|bbox is/)
  })

  it.each([
    ['saved_searches_price_order', { name: 'Junk', params: { minPrice: 2000, maxPrice: 1000 } }],
    ['saved_searches_name_length', { name: '', params: {} }],
    ['saved_searches_name_length', { name: 'x'.repeat(81), params: {} }],
    ['saved_searches_name_trimmed', { name: ' Padded ', params: {} }],
    ['saved_searches_alerts_valid', { name: 'Loud', params: {}, alerts: 'hourly' }],
  ])('refuses junk with the constraint %s', async (constraint, row) => {
    const { error } = await owner.client.from('saved_searches').insert(row)
    expect(error?.code).toBe('23514')
    expect(error?.message).toContain(constraint)
  })

  it('holds at most 20 per person, and says so', async () => {
    const person = await signedInUser('Twenty Searches')
    const rows = Array.from({ length: 20 }, (_, i) => ({
      name: `Search ${i + 1}`,
      params: { keywords: `Place ${i + 1}` },
    }))
    expect((await person.client.from('saved_searches').insert(rows)).error).toBeNull()
    const { error } = await person.client.from('saved_searches').insert({ name: 'One more', params: {} })
    expect(error?.message).toBe('You can save up to 20 searches')
    expect(error?.code).toBe('P0001')
    // One of the 20 sent again (the outbox's retry) is no new search: taken, not refused.
    const { data } = await person.client.from('saved_searches').select('id, name, params').limit(1).single()
    expect(data).not.toBeNull()
    const resent = await person.client
      .from('saved_searches')
      .upsert(
        { id: data?.id, name: data?.name, params: data?.params },
        { onConflict: 'id', ignoreDuplicates: true },
      )
    expect(resent.error).toBeNull()
    // Another person's count is their own.
    expect((await other.client.from('saved_searches').insert({ name: 'Free', params: {} })).error).toBeNull()
  })

  it('takes the same search from one person once, and says so; another person may save it too', async () => {
    const person = await signedInUser('Same Search Twice')
    const first = await person.client
      .from('saved_searches')
      .insert({ name: 'Rent in Leeds', params: { keywords: 'Leeds', type: 'rent' } })
    expect(first.error).toBeNull()
    // The same parameters in another order are the same search.
    const again = await person.client
      .from('saved_searches')
      .insert({ name: 'Leeds again', params: { type: 'rent', keywords: 'Leeds' } })
    expect(again.error?.message).toBe('You have already saved this search')
    expect(again.error?.code).toBe('P0001')
    const { count } = await person.client.from('saved_searches').select('id', { count: 'exact', head: true })
    expect(count).toBe(1)
    // The database holds it even where the trigger is not asked: the unique constraint on the owner and params.
    const direct = await withDatabase((db) =>
      db
        .query(
          `insert into public.saved_searches (id, user_id, name, params) values ($1, $2, 'Direct', '{"keywords":"Leeds","type":"rent"}')`,
          [randomUUID(), person.id],
        )
        .then(
          () => null,
          (error: { message: string }) => error.message,
        ),
    )
    expect(direct).toMatch(/already saved|saved_searches_owner_params_key/)
    const others = await other.client
      .from('saved_searches')
      .insert({ name: 'Rent in Leeds', params: { keywords: 'Leeds', type: 'rent' } })
    expect(others.error).toBeNull()
  })

  it('holds at most 20 under concurrent inserts too', async () => {
    const person = await signedInUser('Racing Searches')
    const results = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        person.client.from('saved_searches').insert({ name: `Race ${i}`, params: { keywords: `Race ${i}` } }),
      ),
    )
    expect(results.filter((result) => !result.error)).toHaveLength(20)
    const { count } = await person.client.from('saved_searches').select('id', { count: 'exact', head: true })
    expect(count).toBe(20)
  })
})

describe('push_subscriptions', () => {
  it('refuses an endpoint that is not https', async () => {
    const { error } = await owner.client
      .from('push_subscriptions')
      .insert({ ...subscriptionRow(), endpoint: 'http://push.example.com/x' })
    expect(error?.message).toContain('push_subscriptions_endpoint_https')
  })

  it('gives a browser to whoever subscribes with it last (upsert on the endpoint)', async () => {
    const row = subscriptionRow()
    expect(
      (await owner.client.from('push_subscriptions').upsert(row, { onConflict: 'endpoint' })).error,
    ).toBeNull()
    const { id: _id, ...again } = row
    const taken = await other.client.from('push_subscriptions').upsert(again, { onConflict: 'endpoint' })
    expect(taken.error).toBeNull()
    const stored = await serviceClient()
      .from('push_subscriptions')
      .select('user_id')
      .eq('endpoint', row.endpoint)
    expect(stored.data).toEqual([{ user_id: other.id }])
  })
})

describe('N new and opening a saved search', () => {
  const publish = async (by: TestUser, location: string) => {
    const id = randomUUID()
    listingIds.push(id)
    const { error } = await by.client.from('listings').insert(validListing(id, { location }))
    expect(error).toBeNull()
    return id
  }

  it('counts matching homes published since the search was last opened, not the person’s own', async () => {
    const word = `Nw${randomUUID().slice(0, 6)}`
    const person = await signedInUser('Counting Person')
    const saved = await person.client
      .from('saved_searches')
      .insert([
        { name: 'Matches', params: { keywords: word } },
        { name: 'Nothing', params: { keywords: `${word}zz` } },
      ])
      .select('id, name')
    const ids = Object.fromEntries((saved.data ?? []).map((row) => [row.name, row.id]))
    await publish(landlord, `1 ${word} Road`)
    await publish(landlord, `2 ${word} Road`)
    await publish(person, `3 ${word} Road`) // their own: never new to them
    const counts = await person.client.rpc('saved_search_new_counts')
    expect(counts.error).toBeNull()
    // Saved in one insert, so in the order of their ids.
    expect(counts.data).toEqual(
      [
        { saved_search_id: ids.Matches, new_count: 2, capped: false },
        { saved_search_id: ids.Nothing, new_count: 0, capped: false },
      ].sort((a, b) => (a.saved_search_id < b.saved_search_id ? -1 : 1)),
    )

    const opened = await person.client.rpc('open_saved_search', { search_id: ids.Matches })
    expect(opened.error).toBeNull()
    const created = await person.client
      .from('saved_searches')
      .select('created_at')
      .eq('id', ids.Matches)
      .single()
    // The previous last_opened_at: when it was saved.
    expect(new Date(opened.data as string).getTime()).toBeLessThanOrEqual(
      new Date(created.data?.created_at).getTime() + 1000,
    )
    const after = await person.client.rpc('saved_search_new_counts')
    expect(
      after.data?.find((row: { saved_search_id: string }) => row.saved_search_id === ids.Matches)?.new_count,
    ).toBe(0)
    await publish(landlord, `4 ${word} Road`)
    const later = await person.client.rpc('saved_search_new_counts')
    expect(
      later.data?.find((row: { saved_search_id: string }) => row.saved_search_id === ids.Matches)?.new_count,
    ).toBe(1)
  })

  it('counts exactly up to 1,000, and says when there are more', async () => {
    const word = `Cap${randomUUID().slice(0, 6)}`
    const person = await signedInUser('Broad Searcher')
    const saved = await person.client
      .from('saved_searches')
      .insert({ name: 'Everything here', params: { keywords: word } })
      .select('id')
      .single()
    expect(saved.error).toBeNull()
    // Published by the table owner in bulk (an account may publish 20 a day).
    const publishMany = (count: number) =>
      withDatabase((db) =>
        db.query(
          `insert into public.listings (name, location, regular_price, image_urls, latitude, longitude, user_ref)
           select 'Broad flat number ' || n, n || ' ${word} Road', 1000,
                  array['https://images.example.com/listings/x/y/1.jpg'], 52.2, 0.14, $1
           from generate_series(1, $2::int) as n`,
          [landlord.id, count],
        ),
      )
    await publishMany(1000)
    expect((await person.client.rpc('saved_search_new_counts')).data).toEqual([
      { saved_search_id: saved.data?.id, new_count: 1000, capped: false },
    ])
    await publishMany(1)
    expect((await person.client.rpc('saved_search_new_counts')).data).toEqual([
      { saved_search_id: saved.data?.id, new_count: 1000, capped: true },
    ])
    await withDatabase((db) =>
      db.query('delete from public.listings where user_ref = $1 and location like $2', [
        landlord.id,
        `% ${word} Road`,
      ]),
    )
  }, 60_000)

  it('opens only the caller’s own search, and counts for nobody signed out', async () => {
    const id = await ownersRow('saved_searches')
    const theirs = await other.client.rpc('open_saved_search', { search_id: id })
    expect(theirs.error).toBeNull()
    expect(theirs.data).toBeNull()
    const anon = await anonClient().rpc('saved_search_new_counts')
    expect(anon.error?.code).toBe('42501')
  })
})

describe('own listings never alert', () => {
  it('queues nothing for the publisher’s own searches', async () => {
    const word = `Own${randomUUID().slice(0, 6)}`
    const person = await signedInUser('Publishing Seeker')
    const saved = await person.client
      .from('saved_searches')
      .insert({ name: 'Mine', params: { keywords: word }, alerts: 'instant' })
      .select('id')
      .single()
    const own = randomUUID()
    const theirs = randomUUID()
    listingIds.push(own, theirs)
    expect(
      (await person.client.from('listings').insert(validListing(own, { location: `1 ${word} Road` }))).error,
    ).toBeNull()
    expect(
      (await landlord.client.from('listings').insert(validListing(theirs, { location: `2 ${word} Road` })))
        .error,
    ).toBeNull()
    const queued = await serviceClient()
      .from('alert_deliveries')
      .select('listing_id')
      .eq('saved_search_id', saved.data?.id)
    expect(queued.data).toEqual([{ listing_id: theirs }])
  })
})
