import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { serviceClient, signedInUser, type TestUser, withDatabase } from './support/clients'
import { validListing } from './support/rls-cases'

/**
 * Alerts by email, through send-alerts (real Deno, run by the stack) and the mail API into the local outbox:
 * a search's alerts go by push, email or both; an email carries up to 10 homes with photo, price, place and
 * link, and a one-click unsubscribe (RFC 8058) that needs no sign-in and turns off that search's emails only;
 * a tampered link changes nothing; at most one email a search an hour and 20 a person a day; a bounce stops
 * them and the saved search says why.
 */

type MailSummary = { ID: string; Subject: string }
type MailMessage = MailSummary & { Text: string; HTML: string }

const mail = async <T>(path: string): Promise<T> => (await fetch(`${inject('mailUrl')}${path}`)).json() as T

async function mailsTo(address: string): Promise<(MailMessage & { headers: Record<string, string[]> })[]> {
  const found = await mail<{ messages: MailSummary[] }>(
    `/api/v1/search?query=${encodeURIComponent(`to:${address}`)}`,
  )
  return Promise.all(
    found.messages.map(async (m) => ({
      ...(await mail<MailMessage>(`/api/v1/message/${m.ID}`)),
      headers: await mail<Record<string, string[]>>(`/api/v1/message/${m.ID}/headers`),
    })),
  )
}

async function sendAlerts(mode: 'instant' | 'daily' = 'instant') {
  const key = inject('serviceRoleKey')
  const response = await fetch(`${inject('apiUrl')}/functions/v1/send-alerts`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, apikey: key, 'Content-Type': 'application/json' },
    body: JSON.stringify({ mode }),
  })
  const body = (await response.json()) as Record<string, unknown>
  expect(response.status, JSON.stringify(body)).toBe(200)
  return body
}

let landlord: TestUser
const listingIds: string[] = []

beforeAll(async () => {
  landlord = await signedInUser('Email Alert Landlord')
})

afterAll(async () => {
  await serviceClient().from('listings').delete().in('id', listingIds)
})

/** Homes published at once (by the service role, past the daily limit), each matching `word`. */
async function publish(word: string, count: number): Promise<string[]> {
  const ids = Array.from({ length: count }, () => randomUUID())
  listingIds.push(...ids)
  const { error } = await serviceClient()
    .from('listings')
    .insert(
      ids.map((id, i) =>
        validListing(id, {
          user_ref: landlord.id,
          name: `Home number ${i + 1} here`,
          location: `${i + 1} ${word} Road`,
        }),
      ),
    )
  expect(error).toBeNull()
  return ids
}

async function searchOf(person: TestUser, word: string, channels: { push: boolean; email: boolean }) {
  const { data, error } = await person.client
    .from('saved_searches')
    .insert({ name: `Flats by ${word}`, params: { keywords: word }, alerts: 'instant' })
    .select('id')
    .single()
  expect(error).toBeNull()
  const searchId = String(data?.id)
  const set = await person.client
    .from('saved_search_channels')
    .insert({ saved_search_id: searchId, ...channels })
  expect(set.error).toBeNull()
  return searchId
}

const channelsOf = (searchId: string) =>
  withDatabase(async (db) => {
    const { rows } = await db.query(
      'select push, email, email_stopped from public.saved_search_channels where saved_search_id = $1',
      [searchId],
    )
    return rows[0] as { push: boolean; email: boolean; email_stopped: string | null }
  })

const listUnsubscribe = (message: { headers: Record<string, string[]> }) =>
  /^<(.+)>$/.exec(message.headers['List-Unsubscribe']?.[0] ?? '')?.[1] ?? ''

describe('alerts by email', () => {
  let person: TestUser
  let word: string
  let searchId: string
  let otherSearch: string

  beforeAll(async () => {
    person = await signedInUser('Emailed Seeker')
    word = `Em${randomUUID().slice(0, 6)}`
    searchId = await searchOf(person, word, { push: false, email: true })
    otherSearch = await searchOf(person, `${word}x`, { push: true, email: true })
  })

  it('sends one email of up to 10 homes with photo, price, place and link, and no push when push is off', async () => {
    await publish(word, 12)
    const summary = await sendAlerts()
    expect(summary.emails).toBeGreaterThanOrEqual(1)
    const [email, ...more] = await mailsTo(person.email)
    expect(more).toEqual([])
    expect(email?.Subject).toBe(`12 new homes for “Flats by ${word}”`)
    const links = email?.Text.match(/\/category\/rent\/[0-9a-f-]{36}/g) ?? []
    expect(links).toHaveLength(10)
    // Published in one statement, the homes share a time: which 10 are shown is theirs to decide.
    expect(email?.Text.match(new RegExp(`£1,200 a month · \\d+ ${word} Road`, 'g'))).toHaveLength(10)
    expect(email?.Text).toContain('And 2 more')
    expect(email?.HTML).toContain('<img src="https://images.example.com/listings/x/y/1.jpg"')
    expect(email?.headers['List-Unsubscribe-Post']).toEqual(['List-Unsubscribe=One-Click'])
    expect(listUnsubscribe(email as never)).toMatch(/\/functions\/v1\/unsubscribe-alerts\?search=.+&token=/)
    // Push is off for this search: its deliveries are settled without a push.
    const pushes = await withDatabase((db) =>
      db.query(
        'select count(*)::int as n from public.alert_deliveries where saved_search_id = $1 and last_error = $2',
        [searchId, 'push is off for this search'],
      ),
    )
    expect(pushes.rows[0]?.n).toBe(12)
  })

  it('sends at most one email a search an hour, then the next', async () => {
    await publish(word, 1)
    await sendAlerts()
    expect(await mailsTo(person.email)).toHaveLength(1)
    await withDatabase((db) =>
      db.query(
        `update public.alert_email_sends set sent_at = now() - interval '61 minutes' where user_id = $1`,
        [person.id],
      ),
    )
    await sendAlerts()
    const mails = await mailsTo(person.email)
    expect(mails.map((m) => m.Subject)).toContain(`A new home for “Flats by ${word}”`)
  })

  it('sends at most 20 a person a day', async () => {
    await withDatabase((db) =>
      db.query(
        `insert into public.alert_email_sends (user_id, saved_search_id, sent_at)
         select $1, gen_random_uuid(), now() - interval '2 hours' from generate_series(1, 20)`,
        [person.id],
      ),
    )
    const before = (await mailsTo(person.email)).length
    await publish(`${word}x`, 1)
    await sendAlerts()
    expect(await mailsTo(person.email)).toHaveLength(before)
    const waiting = await withDatabase((db) =>
      db.query(
        'select count(*)::int as n from public.alert_emails where saved_search_id = $1 and sent_at is null',
        [otherSearch],
      ),
    )
    expect(waiting.rows[0]?.n).toBe(1)
    await withDatabase((db) =>
      db.query(
        `delete from public.alert_email_sends where user_id = $1 and sent_at < now() - interval '90 minutes'`,
        [person.id],
      ),
    )
  })

  it('unsubscribes in one click without signing in, that search only; a tampered link changes nothing', async () => {
    const [email] = await mailsTo(person.email)
    const url = listUnsubscribe(email as never)
    // A link scanner's GET changes nothing.
    const look = await fetch(url)
    expect(look.status).toBe(200)
    expect(await look.text()).toContain('Turn off email alerts')
    expect((await channelsOf(searchId)).email).toBe(true)

    const tampered = [
      url.replace(/token=(.)/, (_, c: string) => `token=${c === 'A' ? 'B' : 'A'}`),
      url.replace(searchId, otherSearch),
    ]
    for (const bad of tampered) {
      const answer = await fetch(bad, { method: 'POST', body: 'List-Unsubscribe=One-Click' })
      expect(answer.status).toBe(400)
      expect(await answer.text()).toContain('This unsubscribe link is not valid')
    }
    expect((await channelsOf(searchId)).email).toBe(true)
    expect((await channelsOf(otherSearch)).email).toBe(true)

    const done = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    })
    expect(done.status).toBe(200)
    expect(await done.text()).toContain('Email alerts are off')
    expect(await channelsOf(searchId)).toEqual({ push: false, email: false, email_stopped: 'unsubscribed' })
    expect(await channelsOf(otherSearch)).toEqual({ push: true, email: true, email_stopped: null })
    // The person reads why, and turning email back on clears it.
    const mine = await person.client
      .from('saved_search_channels')
      .select('email, email_stopped')
      .eq('saved_search_id', searchId)
    expect(mine.data).toEqual([{ email: false, email_stopped: 'unsubscribed' }])
    await person.client.from('saved_search_channels').update({ email: true }).eq('saved_search_id', searchId)
    expect(await channelsOf(searchId)).toEqual({ push: false, email: true, email_stopped: null })
  })

  it('stops emailing an address that bounces, and the saved search says so', async () => {
    const bouncer = await signedInUser('Bouncing Seeker')
    const bounceWord = `Bo${randomUUID().slice(0, 6)}`
    const bounceSearch = await searchOf(bouncer, bounceWord, { push: true, email: true })
    await withDatabase((db) =>
      db.query(`update public.profiles set email = $2 where id = $1`, [
        bouncer.id,
        `gone-${bouncer.id.slice(0, 8)}@mail.invalid`,
      ]),
    )
    await publish(bounceWord, 1)
    await sendAlerts()
    const mine = await bouncer.client
      .from('saved_search_channels')
      .select('email, email_stopped')
      .eq('saved_search_id', bounceSearch)
    expect(mine.data).toEqual([{ email: false, email_stopped: 'bounced' }])
    const queued = await withDatabase((db) =>
      db.query(
        'select gave_up_at is not null as gave_up from public.alert_emails where saved_search_id = $1',
        [bounceSearch],
      ),
    )
    expect(queued.rows).toEqual([{ gave_up: true }])
  })

  it('lets nobody else read or set a search’s channels', async () => {
    const stranger = await signedInUser('Channel Stranger')
    expect((await stranger.client.from('saved_search_channels').select('*')).data).toEqual([])
    const foreign = await stranger.client
      .from('saved_search_channels')
      .insert({ saved_search_id: searchId, email: true })
    expect(foreign.error?.code).toBe('42501')
    const edit = await stranger.client
      .from('saved_search_channels')
      .update({ email: false })
      .eq('saved_search_id', searchId)
      .select()
    expect(edit.data).toEqual([])
    // Nor can the person say their email stopped: that is the server's to say.
    const claim = await person.client
      .from('saved_search_channels')
      .update({ email_stopped: 'bounced' })
      .eq('saved_search_id', otherSearch)
      .select('email_stopped')
    expect(claim.data).toEqual([{ email_stopped: null }])
  })
})
