import { createECDH, randomBytes, randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { serviceClient, signedInUser, type TestUser, withDatabase } from './support/clients'
import { type PushService, startPushService, type TestSubscription } from './support/push-service'
import { validListing } from './support/rls-cases'

/**
 * A poison item never blocks a queue (#46). Subscriptions whose keys no push can be encrypted to, or whose
 * push service never answers, are mixed with good ones in one run of send-alerts (real Deno, run by the
 * stack) owing every kind of push: saved-search alerts, message pushes, saved-home pushes. The good ones
 * are delivered and the function answers 200; each poison item records its error and is retried, then
 * given up and kept for the operator. And the database refuses keys that are not a browser's.
 */

/** An uncompressed P-256 public key (0x04 || X || Y) as a browser's PushSubscription gives it. */
const realKey = () => {
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  return ecdh.getPublicKey()
}
const b64url = (bytes: Buffer) => bytes.toString('base64url')

/** 65 bytes that start 0x04 but are no point of the curve: Y of a real key with its last bit flipped. */
function offCurveKey(): Buffer {
  const key = Buffer.from(realKey())
  key[64] = (key[64] ?? 0) ^ 1
  return key
}

/** A real point, but written with another first byte than the uncompressed form's 0x04. */
function notUncompressedKey(): Buffer {
  const key = Buffer.from(realKey())
  key[0] = 0x05
  return key
}

const goodAuth = () => b64url(randomBytes(16))

describe('the database refuses push keys that are not a browser’s', () => {
  let person: TestUser
  beforeAll(async () => {
    person = await signedInUser('Key Checker')
  })

  const cases: { rule: string; p256dh: () => string; auth: () => string }[] = [
    { rule: 'a p256dh of 86 characters of A (64 bytes)', p256dh: () => 'A'.repeat(86), auth: goodAuth },
    { rule: 'a p256dh of B and 85 A (the attack)', p256dh: () => `B${'A'.repeat(85)}`, auth: goodAuth },
    { rule: 'a 65-byte p256dh off the curve', p256dh: () => b64url(offCurveKey()), auth: goodAuth },
    {
      rule: 'a 65-byte p256dh not starting 0x04',
      p256dh: () => b64url(notUncompressedKey()),
      auth: goodAuth,
    },
    {
      rule: 'a p256dh of 66 bytes',
      p256dh: () => b64url(Buffer.concat([realKey(), Buffer.from([0])])),
      auth: goodAuth,
    },
    {
      rule: 'an auth secret of 15 bytes',
      p256dh: () => b64url(realKey()),
      auth: () => b64url(randomBytes(15)),
    },
    {
      rule: 'an auth secret of 17 bytes',
      p256dh: () => b64url(realKey()),
      auth: () => b64url(randomBytes(17)),
    },
    {
      rule: 'an auth secret of 18 bytes',
      p256dh: () => b64url(realKey()),
      auth: () => b64url(randomBytes(18)),
    },
  ]

  for (const { rule, p256dh, auth } of cases) {
    it(`a signed-in person cannot keep ${rule}`, async () => {
      const endpoint = `https://push.example.com/${randomUUID()}`
      const { error } = await person.client
        .from('push_subscriptions')
        .insert({ endpoint, p256dh: p256dh(), auth: auth() })
      expect(error?.code).toBe('23514')
    })

    it(`the service role cannot keep ${rule} either`, async () => {
      const endpoint = `https://push.example.com/${randomUUID()}`
      const { error } = await serviceClient()
        .from('push_subscriptions')
        .insert({ user_id: person.id, endpoint, p256dh: p256dh(), auth: auth() })
      expect(error?.code).toBe('23514')
    })
  }

  it('a real key and a 16-byte secret are kept, unpadded or padded', async () => {
    for (const padding of ['', '=']) {
      const { error } = await person.client.from('push_subscriptions').insert({
        endpoint: `https://push.example.com/${randomUUID()}`,
        p256dh: b64url(realKey()) + padding,
        auth: goodAuth() + (padding && '=='),
      })
      expect(error).toBeNull()
    }
  })

  it('the database checks every real key the same way, over many', async () => {
    const keys = Array.from({ length: 200 }, () => b64url(realKey()))
    const checked = await withDatabase((db) =>
      db.query<{ ok: boolean }>(
        'select public.push_key_is_p256_point(key) as ok from unnest($1::text[]) as key',
        [keys],
      ),
    )
    expect(checked.rows.every((row) => row.ok)).toBe(true)
  })
})

describe('a poison item never blocks a queue', () => {
  let push: PushService
  let landlord: TestUser
  let good: TestUser
  let mixed: TestUser
  const poison: Record<'short' | 'offCurve' | 'unreachable', TestUser> = {} as never
  let goodBrowser: TestSubscription
  let mixedBrowser: TestSubscription
  let listingId: string
  const word = `Px${randomUUID().slice(0, 6)}`
  const poisonEndpoints: string[] = []

  /** Keeps a subscription as superuser past the key checks (as an old row from before them would be). */
  async function keepPastChecks(person: TestUser, endpoint: string, p256dh: string, auth: string) {
    poisonEndpoints.push(endpoint)
    await withDatabase(async (db) => {
      await db.query('begin')
      const checks = await db.query<{ name: string; definition: string }>(
        `select conname as name, pg_get_constraintdef(oid) as definition from pg_constraint
         where conrelid = 'public.push_subscriptions'::regclass and contype = 'c' and conname <> 'push_subscriptions_endpoint_https'`,
      )
      for (const check of checks.rows)
        await db.query(`alter table public.push_subscriptions drop constraint ${check.name}`)
      await db.query(
        'insert into public.push_subscriptions (user_id, endpoint, p256dh, auth) values ($1, $2, $3, $4)',
        [person.id, endpoint, p256dh, auth],
      )
      // Back as they were, enforced on new rows; validated again once the poison rows are gone.
      for (const check of checks.rows)
        await db.query(
          `alter table public.push_subscriptions add constraint ${check.name} ${check.definition.replace(/ NOT VALID$/, '')} not valid`,
        )
      await db.query('commit')
    })
  }

  async function subscribe(person: TestUser): Promise<TestSubscription> {
    const browser = push.createSubscription()
    const { error } = await person.client
      .from('push_subscriptions')
      .insert({ endpoint: browser.endpoint, p256dh: browser.keys.p256dh, auth: browser.keys.auth })
    expect(error).toBeNull()
    return browser
  }

  /** What the person is owed: an alert for a new home, a reply's push, and a saved home's reduction. */
  async function owe(people: TestUser[]) {
    for (const person of people) {
      const search = await person.client
        .from('saved_searches')
        .insert({ name: 'Poison run', params: { keywords: word }, alerts: 'instant' })
      expect(search.error).toBeNull()
      const optIn = await person.client
        .from('profiles')
        .update({ saved_home_alerts: true })
        .eq('id', person.id)
      expect(optIn.error).toBeNull()
    }
    listingId = randomUUID()
    const published = await landlord.client
      .from('listings')
      .insert(validListing(listingId, { location: `1 ${word} Road`, name: 'Flat on the poison road' }))
    expect(published.error).toBeNull()
    for (const person of people) {
      expect((await person.client.from('saved_listings').insert({ listing_id: listingId })).error).toBeNull()
      const { data: conversationId, error } = await person.client.rpc('send_enquiry', {
        listing_id: listingId,
        message_id: randomUUID(),
        body: 'Is it still available?',
      })
      expect(error).toBeNull()
      const reply = await landlord.client
        .from('messages')
        .insert({ id: randomUUID(), conversation_id: conversationId, body: 'Yes, it is.' })
      expect(reply.error).toBeNull()
    }
    const reduced = await landlord.client.from('listings').update({ regular_price: 1000 }).eq('id', listingId)
    expect(reduced.error).toBeNull()
  }

  async function sendAlerts() {
    const key = inject('serviceRoleKey')
    const response = await fetch(`${inject('apiUrl')}/functions/v1/send-alerts`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, apikey: key, 'Content-Type': 'application/json' },
      body: JSON.stringify({ mode: 'instant' }),
    })
    return { status: response.status, body: (await response.json()) as Record<string, unknown> }
  }

  type QueueRow = {
    queue: string
    user_id: string
    sent_at: Date | null
    gave_up_at: Date | null
    attempts: number
    last_error: string | null
  }

  /** Every item owed to these people, in the three queues send-alerts serves. */
  const queueRows = (people: TestUser[]) =>
    withDatabase(async (db) => {
      const { rows } = await db.query<QueueRow>(
        `select 'alert' as queue, user_id, sent_at, gave_up_at, attempts, last_error
           from public.alert_deliveries where user_id = any($1::uuid[]) and listing_id = $2
         union all
         select 'message', recipient_id, sent_at, gave_up_at, attempts, last_error
           from public.message_pushes where recipient_id = any($1::uuid[])
         union all
         select 'saved home', user_id, sent_at, gave_up_at, attempts, last_error
           from public.saved_home_pushes where user_id = any($1::uuid[]) and listing_id = $2`,
        [people.map((person) => person.id), listingId],
      )
      return rows
    })

  const makeAllDue = () =>
    withDatabase(async (db) => {
      await db.query('update public.alert_deliveries set next_attempt_at = now() where listing_id = $1', [
        listingId,
      ])
      await db.query(
        `update public.message_pushes set next_attempt_at = now()
         where recipient_id = any($1::uuid[])`,
        [Object.values(poison).map((person) => person.id)],
      )
      await db.query('update public.saved_home_pushes set next_attempt_at = now() where listing_id = $1', [
        listingId,
      ])
    })

  beforeAll(async () => {
    ;[push, landlord, good, mixed, poison.short, poison.offCurve, poison.unreachable] = await Promise.all([
      startPushService(),
      signedInUser('Poison Landlord'),
      signedInUser('Good Seeker'),
      signedInUser('Mixed Seeker'),
      signedInUser('Short Key Seeker'),
      signedInUser('Off Curve Seeker'),
      signedInUser('Unreachable Seeker'),
    ])
    goodBrowser = await subscribe(good)
    // The attack: 86 characters that decode to 64 bytes, which the old check let through.
    await keepPastChecks(mixed, push.createSubscription().endpoint, `B${'A'.repeat(85)}`, goodAuth())
    mixedBrowser = await subscribe(mixed)
    await keepPastChecks(poison.short, push.createSubscription().endpoint, `B${'A'.repeat(85)}`, goodAuth())
    await keepPastChecks(
      poison.offCurve,
      push.createSubscription().endpoint,
      b64url(offCurveKey()),
      goodAuth(),
    )
    // A push service that never answers: a port nothing listens on.
    const nobody = await startPushService()
    const unreachable = nobody.createSubscription()
    await nobody.close()
    const kept = await poison.unreachable.client.from('push_subscriptions').insert({
      endpoint: unreachable.endpoint,
      p256dh: unreachable.keys.p256dh,
      auth: unreachable.keys.auth,
    })
    expect(kept.error).toBeNull()
    await owe([good, mixed, ...Object.values(poison)])
  })

  afterAll(async () => {
    await withDatabase(async (db) => {
      await db.query('delete from public.push_subscriptions where endpoint = any($1::text[])', [
        poisonEndpoints,
      ])
      const checks = await db.query<{ name: string }>(
        `select conname as name from pg_constraint
         where conrelid = 'public.push_subscriptions'::regclass and contype = 'c' and not convalidated`,
      )
      for (const check of checks.rows)
        await db.query(`alter table public.push_subscriptions validate constraint ${check.name}`)
    })
    await serviceClient().from('listings').delete().eq('id', listingId)
    await push?.close()
  })

  it('the good items are delivered and the function answers 200; each poison item records its error', async () => {
    const run = await sendAlerts()
    expect(run.status).toBe(200)

    for (const browser of [goodBrowser, mixedBrowser]) {
      const received = await push.waitForMessages(browser.endpoint, 3)
      expect(received.map((message) => (message.json as { url: string }).url).sort()).toEqual([
        expect.stringMatching(/^\/category\/rent\//),
        expect.stringMatching(/^\/messages\//),
        expect.stringMatching(/^\/search\?/),
      ])
    }
    const settled = await queueRows([good, mixed])
    expect(settled).toHaveLength(6)
    for (const row of settled)
      expect(row).toMatchObject({ attempts: 1, gave_up_at: null, sent_at: expect.any(Date) })

    const failed = await queueRows(Object.values(poison))
    expect(failed).toHaveLength(9)
    for (const row of failed)
      expect(row).toMatchObject({
        attempts: 1,
        sent_at: null,
        gave_up_at: null,
        last_error: expect.any(String),
      })
    const errorsOf = (person: TestUser) =>
      failed.filter((row) => row.user_id === person.id).map((row) => row.last_error)
    for (const error of errorsOf(poison.short)) expect(error).toContain('65 bytes')
    for (const error of errorsOf(poison.offCurve)) expect(error).toMatch(/public key/i)
    for (const error of errorsOf(poison.unreachable)) expect(error).toContain('did not answer')
  })

  it('a poison item is retried, then given up and kept, while good ones go on', async () => {
    for (let run = 0; run < 8; run++) {
      await makeAllDue()
      expect((await sendAlerts()).status).toBe(200)
    }
    const rows = await queueRows(Object.values(poison))
    expect(rows).toHaveLength(9)
    for (const row of rows) {
      expect(row.sent_at).toBeNull()
      expect(row.gave_up_at).toBeInstanceOf(Date)
      expect(row.last_error).not.toBeNull()
      expect(row.attempts).toBe(row.queue === 'alert' ? 5 : 8)
    }
    // Given up is not sent: nothing more goes out, and the good browsers got each push once.
    await makeAllDue()
    expect((await sendAlerts()).status).toBe(200)
    expect((await queueRows(Object.values(poison))).map((row) => row.attempts).sort()).toEqual(
      rows.map((row) => row.attempts).sort(),
    )
    expect(push.messages(goodBrowser.endpoint)).toHaveLength(3)
    expect(push.messages(mixedBrowser.endpoint)).toHaveLength(3)
  })
})

describe('an email the provider always refuses never blocks the emails queue', () => {
  type Queued = { sent_at: Date | null; outcome: string | null; attempts: number; last_error: string | null }

  const queued = (recipient: TestUser) =>
    withDatabase(async (db) => {
      const { rows } = await db.query<Queued>(
        'select sent_at, outcome, attempts, last_error from public.message_emails where recipient_id = $1',
        [recipient.id],
      )
      return rows
    })

  async function sendEmails() {
    const key = inject('serviceRoleKey')
    const response = await fetch(`${inject('apiUrl')}/functions/v1/send-emails`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, apikey: key, 'Content-Type': 'application/json' },
      body: '{}',
    })
    return { status: response.status, body: (await response.json()) as Record<string, unknown> }
  }

  async function mailsTo(address: string): Promise<unknown[]> {
    const search = `${inject('mailUrl')}/api/v1/search?query=${encodeURIComponent(`to:${address}`)}`
    return ((await (await fetch(search)).json()) as { messages: unknown[] }).messages
  }

  /** A landlord away for two days, with a listing a hunter writes about: an email is due at once. */
  async function awayLandlordWrittenTo(hunter: TestUser, name: string, email?: string): Promise<TestUser> {
    const landlord = await signedInUser(name)
    const listing = randomUUID()
    expect((await landlord.client.from('listings').insert(validListing(listing))).error).toBeNull()
    await withDatabase(async (db) => {
      await db.query(
        `insert into public.app_openings (user_id, last_seen_at) values ($1, now() - interval '2 days')
         on conflict (user_id) do update set last_seen_at = excluded.last_seen_at`,
        [landlord.id],
      )
      // The mail API refuses `.invalid` addresses, as a provider refuses one it cannot deliver to.
      if (email) await db.query('update public.profiles set email = $2 where id = $1', [landlord.id, email])
    })
    const asked = await hunter.client.rpc('send_enquiry', {
      listing_id: listing,
      message_id: randomUUID(),
      body: 'Hello',
    })
    expect(asked.error).toBeNull()
    return landlord
  }

  it('the good email is sent, the refused one retried, then given up and kept', async () => {
    const hunter = await signedInUser('Emailing Hunter')
    const refused = await awayLandlordWrittenTo(hunter, 'Never Reached', `never-${randomUUID()}@mail.invalid`)
    const reached = await awayLandlordWrittenTo(hunter, 'Reached Landlord')

    expect((await sendEmails()).status).toBe(200)
    expect(await mailsTo(reached.email)).toHaveLength(1)
    expect(await queued(reached)).toMatchObject([{ outcome: 'sent', attempts: 1, last_error: null }])
    expect(await queued(refused)).toMatchObject([
      { sent_at: null, outcome: null, attempts: 1, last_error: expect.stringContaining('422') },
    ])

    for (let run = 0; run < 8; run++) {
      await withDatabase((db) =>
        db.query('update public.message_emails set next_attempt_at = now() where recipient_id = $1', [
          refused.id,
        ]),
      )
      expect((await sendEmails()).status).toBe(200)
    }
    // Given up after its 8th try, kept with its error, and not counted as sent.
    expect(await queued(refused)).toMatchObject([
      { outcome: 'gave-up', attempts: 8, last_error: expect.stringContaining('422') },
    ])
    expect(await mailsTo(reached.email)).toHaveLength(1)
  })
})
