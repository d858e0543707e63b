import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { alertPayload, describeSearch } from '../../supabase/functions/_shared/alert-message'
import { checkEndpoint, classifyAddress } from '../../supabase/functions/_shared/push-endpoint'
import { anonClient, serviceClient, signedInUser, type TestUser, withDatabase } from './support/clients'
import { type PushService, startPushService, type TestSubscription } from './support/push-service'
import { validListing } from './support/rls-cases'

/**
 * The send-alerts Edge Function, run by the integration stack in real Deno at /functions/v1/send-alerts,
 * delivering to the stand-in push service (VAPID checked, payload decrypted with the subscription's
 * keys): what a push says, one per browser, marked sent once; gone subscriptions removed; failures
 * retried later; daily digests; and endpoints on private addresses refused.
 */

let push: PushService
let landlord: TestUser
const listingIds: string[] = []

beforeAll(async () => {
  ;[push, landlord] = await Promise.all([startPushService(), signedInUser('Alert Landlord')])
})

afterAll(async () => {
  await serviceClient().from('listings').delete().in('id', listingIds)
  await push?.close()
})

async function sendAlerts(mode: 'instant' | 'daily', key = inject('serviceRoleKey')) {
  const response = await fetch(`${inject('apiUrl')}/functions/v1/send-alerts`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, apikey: key, 'Content-Type': 'application/json' },
    body: JSON.stringify({ mode }),
  })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

async function subscribe(person: TestUser, subscription: TestSubscription) {
  const { error } = await person.client
    .from('push_subscriptions')
    .upsert(
      { endpoint: subscription.endpoint, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth },
      { onConflict: 'endpoint' },
    )
  expect(error).toBeNull()
}

async function publish(location: string, overrides: Record<string, unknown> = {}) {
  const id = randomUUID()
  listingIds.push(id)
  const { error } = await landlord.client
    .from('listings')
    .insert(validListing(id, { location, ...overrides }))
  expect(error).toBeNull()
  return id
}

async function seeker(params: Record<string, unknown>, alerts: 'instant' | 'daily' = 'instant') {
  const person = await signedInUser('Alerted Seeker')
  const { data, error } = await person.client
    .from('saved_searches')
    .insert({ name: 'Alerted', params, alerts })
    .select('id')
    .single()
  expect(error).toBeNull()
  return { person, searchId: String(data?.id) }
}

const deliveriesOf = (searchId: string) =>
  withDatabase(async (db) => {
    const { rows } = await db.query<{
      listing_id: string
      sent_at: Date | null
      attempts: number
      last_error: string | null
      next_attempt_at: Date
    }>(
      'select listing_id, sent_at, attempts, last_error, next_attempt_at from public.alert_deliveries where saved_search_id = $1',
      [searchId],
    )
    return rows
  })

describe('send-alerts', () => {
  it('pushes one alert per browser, as the payload contract says, and marks the deliveries sent', async () => {
    const word = `Al${randomUUID().slice(0, 6)}`
    const { person, searchId } = await seeker({ keywords: word, type: 'rent', minBeds: 2 })
    const [phone, laptop] = [push.createSubscription(), push.createSubscription()]
    await subscribe(person, phone)
    await subscribe(person, laptop)
    await publish(`1 ${word} Road`, { name: 'The first home here', bedrooms: 2 })
    await publish(`2 ${word} Road`, { name: 'The newest home here', bedrooms: 3 })
    await publish(`3 ${word} Road`, { name: 'Too small for them', bedrooms: 1 })

    const sent = await sendAlerts('instant')
    expect(sent.status).toBe(200)
    for (const browser of [phone, laptop]) {
      const [message, ...more] = await push.waitForMessages(browser.endpoint, 1)
      expect(more).toEqual([])
      expect(message?.json).toEqual({
        title: `2 new homes · Rent · ${word} · 2+ beds`,
        body: 'The newest home here',
        url: `/search?keywords=${word}&type=rent&minBeds=2&from=${searchId}`,
        tag: `saved-search-${searchId}`,
      })
      expect(message?.vapidPublicKey).toBe(inject('vapidPublicKey'))
      expect(message?.topic).toBe(searchId.replaceAll('-', ''))
      expect(message?.ttl).toBeGreaterThan(0)
    }
    const rows = await deliveriesOf(searchId)
    expect(rows).toHaveLength(2)
    expect(rows.every((row) => row.sent_at !== null && row.attempts === 1 && row.last_error === null)).toBe(
      true,
    )

    // Sent once: another run sends nothing more.
    await sendAlerts('instant')
    expect(push.messages(phone.endpoint)).toHaveLength(1)
    expect(push.messages(laptop.endpoint)).toHaveLength(1)
  })

  it('refuses callers without the service role key', async () => {
    expect((await sendAlerts('instant', inject('anonKey'))).status).toBe(403)
    const { data, error } = await anonClient().functions.invoke('send-alerts', { body: { mode: 'instant' } })
    expect(data).toBeNull()
    expect(error).not.toBeNull()
  })

  it('removes a subscription the push service says is gone (404, 410), keeping the others', async () => {
    const word = `Gn${randomUUID().slice(0, 6)}`
    const { person, searchId } = await seeker({ keywords: word })
    const [gone, expired, alive] = [
      push.createSubscription(),
      push.createSubscription(),
      push.createSubscription(),
    ]
    for (const subscription of [gone, expired, alive]) await subscribe(person, subscription)
    push.respondWith(gone.endpoint, 410)
    push.respondWith(expired.endpoint, 404)
    await publish(`1 ${word} Road`)
    await sendAlerts('instant')
    await push.waitForMessages(alive.endpoint, 1)
    const left = await serviceClient().from('push_subscriptions').select('endpoint').eq('user_id', person.id)
    expect(left.data).toEqual([{ endpoint: alive.endpoint }])
    expect((await deliveriesOf(searchId))[0]?.sent_at).not.toBeNull()
  })

  it('records a failed attempt and tries again later, the same push to the same browser', async () => {
    const word = `Fl${randomUUID().slice(0, 6)}`
    const { person, searchId } = await seeker({ keywords: word })
    const browser = push.createSubscription()
    await subscribe(person, browser)
    push.respondWith(browser.endpoint, 503)
    await publish(`1 ${word} Road`)
    await sendAlerts('instant')
    const [failed] = await deliveriesOf(searchId)
    expect(push.attempts(browser.endpoint)).toBe(1)
    expect(failed?.sent_at).toBeNull()
    expect(failed?.attempts).toBe(1)
    expect(failed?.last_error).toContain('503')
    expect(failed?.next_attempt_at.getTime()).toBeGreaterThan(Date.now())
    // Not retried before its time.
    await sendAlerts('instant')
    expect(push.attempts(browser.endpoint)).toBe(1)
    // Its time comes; the push service is back.
    push.respondWith(browser.endpoint, null)
    await withDatabase((db) =>
      db.query(`update public.alert_deliveries set next_attempt_at = now() where saved_search_id = $1`, [
        searchId,
      ]),
    )
    await sendAlerts('instant')
    await push.waitForMessages(browser.endpoint, 1)
    const [done] = await deliveriesOf(searchId)
    expect(done?.sent_at).not.toBeNull()
    expect(done?.attempts).toBe(2)
  })

  it('gives up after the fifth failed attempt', async () => {
    const word = `Gu${randomUUID().slice(0, 6)}`
    const { person, searchId } = await seeker({ keywords: word })
    const browser = push.createSubscription()
    await subscribe(person, browser)
    push.respondWith(browser.endpoint, 500)
    await publish(`1 ${word} Road`)
    for (let attempt = 0; attempt < 6; attempt++) {
      await withDatabase((db) =>
        db.query(`update public.alert_deliveries set next_attempt_at = now() where saved_search_id = $1`, [
          searchId,
        ]),
      )
      await sendAlerts('instant')
    }
    expect(push.attempts(browser.endpoint)).toBe(5)
    const gaveUp = await withDatabase((db) =>
      db.query<{ gave_up_at: Date | null }>(
        'select gave_up_at from public.alert_deliveries where saved_search_id = $1',
        [searchId],
      ),
    )
    expect(gaveUp.rows[0]?.gave_up_at).not.toBeNull()
  })

  it('sends a daily search once a day after 08:00 London time, only what was queued before it', async () => {
    const word = `Dy${randomUUID().slice(0, 6)}`
    const { person, searchId } = await seeker({ keywords: word }, 'daily')
    const browser = push.createSubscription()
    await subscribe(person, browser)
    await publish(`1 ${word} Road`, { name: 'Yesterday’s new home' })
    // An instant run leaves daily searches alone.
    await sendAlerts('instant')
    expect(push.attempts(browser.endpoint)).toBe(0)
    // Queued yesterday: due in today's digest (the test runs at any hour, so "yesterday" is safely before
    // today's 08:00 only after it; before 08:00 the digest of the day before is still to come).
    const dueBefore = await withDatabase(async (db) => {
      const { rows } = await db.query<{ due: Date | null }>(`select public.alert_due_before('daily') as due`)
      return rows[0]?.due ?? null
    })
    await withDatabase((db) =>
      db.query(
        `update public.alert_deliveries set created_at = coalesce($2::timestamptz, now()) - interval '1 day'
         where saved_search_id = $1`,
        [searchId, dueBefore],
      ),
    )
    await sendAlerts('daily')
    if (dueBefore === null) {
      // Before 08:00 London: nothing goes out yet.
      expect(push.attempts(browser.endpoint)).toBe(0)
      return
    }
    const [digest] = await push.waitForMessages(browser.endpoint, 1)
    expect(digest?.json).toMatchObject({ title: `1 new home · ${word}`, body: 'Yesterday’s new home' })
    // A home published now waits for tomorrow's digest.
    await publish(`2 ${word} Road`)
    await sendAlerts('daily')
    expect(push.messages(browser.endpoint)).toHaveLength(1)
    const rows = await deliveriesOf(searchId)
    expect(rows.filter((row) => row.sent_at === null)).toHaveLength(1)
  })

  it('skips homes the person has already seen in the app, and searches whose alerts were turned off', async () => {
    const word = `Sn${randomUUID().slice(0, 6)}`
    const { person, searchId } = await seeker({ keywords: word })
    const browser = push.createSubscription()
    await subscribe(person, browser)
    await publish(`1 ${word} Road`)
    expect((await person.client.rpc('open_saved_search', { search_id: searchId })).error).toBeNull()
    await sendAlerts('instant')
    expect(push.attempts(browser.endpoint)).toBe(0)
    expect((await deliveriesOf(searchId))[0]?.sent_at).not.toBeNull()

    await publish(`2 ${word} Road`)
    await person.client.from('saved_searches').update({ alerts: 'off' }).eq('id', searchId)
    await sendAlerts('instant')
    expect(push.attempts(browser.endpoint)).toBe(0)
  })

  it('never posts to an endpoint on a private address, and drops that subscription', async () => {
    const word = `Pv${randomUUID().slice(0, 6)}`
    const { person, searchId } = await seeker({ keywords: word })
    const real = push.createSubscription()
    // The push service's keys, but an endpoint inside the network (https, so the table takes it).
    for (const endpoint of [
      'https://10.1.2.3/push/x',
      'https://169.254.169.254/latest/meta-data',
      'https://[fd00::1]/x',
    ])
      await subscribe(person, { endpoint, keys: real.keys })
    await publish(`1 ${word} Road`)
    const sent = await sendAlerts('instant')
    expect(sent.body).toMatchObject({ removed: expect.any(Number) })
    const left = await serviceClient().from('push_subscriptions').select('endpoint').eq('user_id', person.id)
    expect(left.data).toEqual([])
    // Nothing to deliver to: the delivery is settled, and the app still shows it as new.
    expect((await deliveriesOf(searchId))[0]?.sent_at).not.toBeNull()
  })
})

describe('the push endpoint rules', () => {
  it.each([
    ['8.8.8.8', 'public'],
    ['142.250.180.10', 'public'],
    ['127.0.0.1', 'loopback'],
    ['127.8.9.10', 'loopback'],
    ['10.0.0.1', 'blocked'],
    ['172.16.5.4', 'blocked'],
    ['172.31.255.255', 'blocked'],
    ['172.32.0.1', 'public'],
    ['192.168.1.1', 'blocked'],
    ['169.254.169.254', 'blocked'],
    ['100.64.0.1', 'blocked'],
    ['0.0.0.0', 'blocked'],
    ['224.0.0.1', 'blocked'],
    ['255.255.255.255', 'blocked'],
    ['198.18.0.1', 'blocked'],
    ['::1', 'loopback'],
    ['::', 'blocked'],
    ['fe80::1', 'blocked'],
    ['fd12:3456::1', 'blocked'],
    ['fc00::1', 'blocked'],
    ['ff02::1', 'blocked'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:10.0.0.1', 'blocked'],
    ['::ffff:8.8.8.8', 'public'],
    ['64:ff9b::a00:1', 'blocked'],
    ['2002:0a00:0001::1', 'blocked'],
    ['2001:db8::1', 'blocked'],
    ['2a00:1450:4009:81f::200e', 'public'],
    ['[2a00:1450:4009:81f::200e]', 'public'],
    ['not-an-address', 'invalid'],
  ])('%s is %s', (address, kind) => {
    expect(classifyAddress(address)).toBe(kind)
  })

  const resolveTo = (addresses: string[]) => async (): Promise<string[]> => addresses

  it.each([
    ['http://fcm.example/x', ['8.8.8.8'], false, 'not https'],
    ['https://user:pw@fcm.example/x', ['8.8.8.8'], false, 'credentials'],
    ['https://evil.example/x', ['8.8.8.8', '10.0.0.7'], false, 'non-public'],
    ['https://evil.example/x', ['127.0.0.1'], false, 'non-public'],
    ['https://2130706433/x', [], false, 'non-public'],
    ['https://[::1]:8443/x', [], false, 'non-public'],
    ['https://127.0.0.1:8443/x', [], true, null],
    ['https://fcm.example/x', ['8.8.8.8'], false, null],
  ])(
    '%s resolving to %j (loopback allowed: %s) → %s',
    async (endpoint, addresses, allowLoopback, refusal) => {
      const check = await checkEndpoint(endpoint, { resolve: resolveTo(addresses), allowLoopback })
      if (refusal === null) expect(check.ok).toBe(true)
      else expect(check.ok ? 'accepted' : check.reason).toContain(refusal)
    },
  )

  it('waits for a host that does not resolve (perhaps later) rather than dropping it', async () => {
    const check = await checkEndpoint('https://push.example/x', {
      resolve: async () => Promise.reject(new Error('no answer')),
      allowLoopback: false,
    })
    expect(check).toMatchObject({ ok: false, permanent: false })
  })
})

describe('what an alert says', () => {
  it.each([
    [{ type: 'rent', q: 'Hackney', minBeds: 2, maxPrice: 2000 }, 'Rent · Hackney · 2+ beds · up to £2,000'],
    [{ type: 'sale', minPrice: 250000, maxPrice: 400000 }, 'Sale · £250,000–£400,000'],
    [
      { minPrice: 900, minBaths: 1, parking: true, furnished: true, offer: true },
      '1+ bath · from £900 · Parking · Furnished · Offers',
    ],
    [{ bbox: '-0.1,51.5,0,51.6', minBeds: 1 }, '1+ bed · Map area'],
    [{}, 'All homes'],
  ] as const)('%j → %s', (params, text) => {
    expect(describeSearch(params)).toBe(text)
  })

  it('counts the homes, names the newest, and links to the search opened from the alert', () => {
    expect(alertPayload('s-1', { q: 'Mare St', sort: 'price-asc' }, ['Newest', 'Older'])).toEqual({
      title: '2 new homes · Mare St',
      body: 'Newest',
      url: '/search?q=Mare+St&sort=price-asc&from=s-1',
      tag: 'saved-search-s-1',
    })
    expect(alertPayload('s-2', { type: 'rent' }, ['Only one']).title).toBe('1 new home · Rent')
  })
})
