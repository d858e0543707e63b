import { randomUUID } from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import {
  anonClient,
  pkceClient,
  serviceClient,
  signedInUser,
  type TestUser,
  withDatabase,
} from './support/clients'
import { establishReporters, signedInUserFrom } from './support/reporters'
import { validListing } from './support/rls-cases'

/**
 * Reports that one person cannot weaponise. A report counts towards hiding a listing only from
 * an account whose email is confirmed, that is older than 24 hours, and sent from an address no other
 * counted report of the listing came from. Each reporter here sends from a loopback address of their own
 * (127.0.0.x), which the stack names in `cf-connecting-ip` as hosted Supabase's edge does.
 */

let landlord: TestUser
/** Each test's addresses are its own, so counted reports of one test do not meet another's. */
let nextAddress = 40
const newAddress = () => `127.0.0.${nextAddress++}`

beforeAll(async () => {
  landlord = await signedInUser('Rival Landlord')
})

// Held listings are hidden from every later test's lists: the suite shares one database.
afterAll(async () => {
  const { error } = await serviceClient().from('listings').delete().eq('user_ref', landlord.id)
  if (error) throw error
})

async function publish(): Promise<string> {
  const id = randomUUID()
  const { error } = await landlord.client
    .from('listings')
    .insert(validListing(id, { name: 'Flat by the river' }))
  if (error) throw error
  return id
}

async function report(who: TestUser, listingId: string): Promise<void> {
  const { error } = await who.client
    .from('listing_reports')
    .insert({ listing_id: listingId, reason: 'Scam or fraud' })
  if (error) throw error
}

async function hidden(listingId: string): Promise<boolean> {
  const { data } = await anonClient().from('listings').select('id').eq('id', listingId)
  return (data ?? []).length === 0
}

type Queued = {
  hidden_for_review: boolean
  held_at: string | null
  open_reports: number
  counted_reports: number
}

async function queued(listingId: string): Promise<Queued | null> {
  const { data, error } = await serviceClient()
    .from('listing_reports_review')
    .select('hidden_for_review, held_at, open_reports, counted_reports')
    .eq('listing_id', listingId)
    .maybeSingle()
  if (error) throw error
  return data as Queued | null
}

describe('the attack: three sign-ups from one address', () => {
  it('three fresh accounts from one address report a listing: it stays listed, and the reports are kept', async () => {
    const listing = await publish()
    const address = newAddress()
    const sockPuppets = await Promise.all([1, 2, 3].map((n) => signedInUserFrom(address, `Puppet ${n}`)))
    for (const puppet of sockPuppets) await report(puppet, listing)

    expect(await hidden(listing)).toBe(false)
    // Each still sees their report as made.
    const mine = await sockPuppets[0]?.client
      .from('listing_reports')
      .select('listing_id')
      .eq('listing_id', listing)
    expect(mine?.data).toEqual([{ listing_id: listing }])
    expect(await queued(listing)).toMatchObject({
      hidden_for_review: false,
      open_reports: 3,
      counted_reports: 0,
    })
  })
})

describe('reports that count', () => {
  it('three confirmed accounts older than a day, from three addresses, hide the listing and queue it at once, first', async () => {
    const listing = await publish()
    const reporters = await Promise.all(
      [1, 2, 3].map((n) => signedInUserFrom(newAddress(), `Neighbour ${n}`)),
    )
    await establishReporters(...reporters)
    for (const reporter of reporters) await report(reporter, listing)

    expect(await hidden(listing)).toBe(true)
    const entry = await queued(listing)
    expect(entry).toMatchObject({ hidden_for_review: true, open_reports: 3, counted_reports: 3 })
    expect(entry?.held_at).not.toBeNull()
    // Held listings come first in the operator's queue.
    const { data: queue } = await serviceClient().from('listing_reports_review').select('hidden_for_review')
    const flags = (queue ?? []).map((row) => row.hidden_for_review)
    expect(flags.indexOf(false) === -1 || flags.lastIndexOf(true) < flags.indexOf(false)).toBe(true)

    // Still in the queue, hidden, when its reporters have deleted their accounts (their reports go with them).
    await withDatabase((db) =>
      db.query('delete from auth.users where id = any($1::uuid[])', [reporters.map((r) => r.id)]),
    )
    expect(await queued(listing)).toMatchObject({
      hidden_for_review: true,
      open_reports: 0,
      counted_reports: 0,
    })
  })

  it('a confirmed, old account reporting from the address of another counted reporter does not count', async () => {
    const listing = await publish()
    const shared = newAddress()
    const first = await signedInUserFrom(shared, 'First at home')
    const sameHouse = await signedInUserFrom(shared, 'Second at home')
    const elsewhere = await signedInUserFrom(newAddress(), 'Across town')
    await establishReporters(first, sameHouse, elsewhere)
    await report(first, listing)
    await report(sameHouse, listing)
    await report(elsewhere, listing)

    expect(await hidden(listing)).toBe(false)
    expect(await queued(listing)).toMatchObject({ open_reports: 3, counted_reports: 2 })
    const { data } = await serviceClient()
      .from('listing_reports_review')
      .select('reports')
      .eq('listing_id', listing)
    const reports = (data?.[0]?.reports ?? []) as {
      reporter_id: string
      counts: boolean
      not_counted_because: string
    }[]
    expect(reports.find((r) => r.reporter_id === sameHouse.id)).toMatchObject({
      counts: false,
      not_counted_because: 'same address as another counted report',
    })

    const thirdAddress = await signedInUserFrom(newAddress(), 'Third street')
    await establishReporters(thirdAddress)
    await report(thirdAddress, listing)
    expect(await hidden(listing)).toBe(true)
  })

  it('two reports sent at the same moment from one address count once', async () => {
    const listing = await publish()
    const pair = await Promise.all([
      signedInUserFrom(newAddress(), 'Twin A'),
      signedInUserFrom(newAddress(), 'Twin B'),
    ])
    await establishReporters(...pair)
    // Two transactions as PostgREST runs them, both from one address: the second sends while the first is
    // still open, so only the per-listing lock makes it see the first.
    const connections = pair.map(() => new pg.Client({ connectionString: inject('databaseUrl') }))
    await Promise.all(connections.map((db) => db.connect()))
    try {
      const [first, second] = connections as [pg.Client, pg.Client]
      for (const [i, db] of connections.entries()) {
        await db.query('begin')
        await db.query('set local role authenticated')
        await db.query(
          `select set_config('request.jwt.claims', $1, true), set_config('request.headers', $2, true)`,
          [
            JSON.stringify({ sub: pair[i]?.id, role: 'authenticated' }),
            JSON.stringify({ 'x-forwarded-for': '203.0.113.77' }),
          ],
        )
      }
      const insert = `insert into public.listing_reports (listing_id, reason) values ($1, 'Offensive')`
      await first.query(insert, [listing])
      const late = second.query(insert, [listing])
      await new Promise((resolve) => setTimeout(resolve, 200))
      await first.query('commit')
      await late
      await second.query('commit')
    } finally {
      await Promise.all(connections.map((db) => db.end()))
    }
    expect(await queued(listing)).toMatchObject({ open_reports: 2, counted_reports: 1 })
  })

  it('accounts whose email is not confirmed, or younger than a day, do not count', async () => {
    const listing = await publish()
    const unconfirmed = await Promise.all(
      [1, 2, 3].map((n) => signedInUserFrom(newAddress(), `Unconfirmed ${n}`)),
    )
    await withDatabase((db) =>
      db.query(`update auth.users set created_at = now() - interval '2 days' where id = any($1::uuid[])`, [
        unconfirmed.map((u) => u.id),
      ]),
    )
    for (const reporter of unconfirmed) await report(reporter, listing)
    expect(await hidden(listing)).toBe(false)

    const young = await Promise.all([1, 2, 3].map((n) => signedInUserFrom(newAddress(), `Young ${n}`)))
    await withDatabase((db) =>
      db.query(
        `insert into public.email_confirmations (user_id, email)
         select id, email from auth.users where id = any($1::uuid[])`,
        [young.map((u) => u.id)],
      ),
    )
    for (const reporter of young) await report(reporter, listing)
    expect(await hidden(listing)).toBe(false)

    const { data } = await serviceClient()
      .from('listing_reports_review')
      .select('reports')
      .eq('listing_id', listing)
    const reasons = ((data?.[0]?.reports ?? []) as { not_counted_because: string }[]).map(
      (r) => r.not_counted_because,
    )
    expect(reasons).toEqual([
      ...Array(3).fill('email not confirmed'),
      ...Array(3).fill('account less than 24 hours old'),
    ])
  })

  it('a confirmation is void once the email changes', async () => {
    const reporter = await signedInUserFrom(newAddress(), 'Changes address')
    await establishReporters(reporter)
    expect((await reporter.client.rpc('my_email_is_confirmed')).data).toBe(true)
    await withDatabase((db) =>
      db.query('update auth.users set email = $2 where id = $1', [reporter.id, `moved-${reporter.email}`]),
    )
    expect((await reporter.client.rpc('my_email_is_confirmed')).data).toBe(false)
  })

  it('nobody writes their own confirmation, and reporters read neither addresses nor verdicts', async () => {
    const reporter = await signedInUser('Forger')
    const forged = await reporter.client
      .from('email_confirmations')
      .insert({ user_id: reporter.id, email: reporter.email })
    expect(forged.error).not.toBeNull()
    const origins = await reporter.client.from('listing_report_origins').select('*')
    expect(origins.error).not.toBeNull()
    expect((await reporter.client.rpc('my_email_is_confirmed')).data).toBe(false)
  })
})

type Summary = { ID: string; To: { Address: string }[] }

async function latestLinkTo(address: string): Promise<string> {
  const list = (await (await fetch(`${inject('mailUrl')}/api/v1/messages`)).json()) as { messages: Summary[] }
  const summary = list.messages.find((m) => m.To.some((to) => to.Address === address))
  if (!summary) throw new Error(`no email to ${address}`)
  const mail = (await (await fetch(`${inject('mailUrl')}/api/v1/message/${summary.ID}`)).json()) as {
    Text: string
  }
  return /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(mail.Text)?.[0] ?? ''
}

/** Signs `person`'s client in again with the sign-in link the app sends, opened from the outbox. */
async function signInByEmailedLink(person: TestUser): Promise<void> {
  const sent = await person.client.auth.signInWithOtp({
    email: person.email,
    options: { shouldCreateUser: false, emailRedirectTo: 'http://localhost:5173/confirm-email' },
  })
  expect(sent.error).toBeNull()
  const opened = await fetch(await latestLinkTo(person.email), { redirect: 'manual' })
  const fragment = new URLSearchParams((opened.headers.get('location') ?? '').split('#')[1] ?? '')
  const session = await person.client.auth.setSession({
    access_token: fragment.get('access_token') ?? '',
    refresh_token: fragment.get('refresh_token') ?? '',
  })
  expect(session.error).toBeNull()
}

describe('confirm_my_email', () => {
  it('refuses a password session and accepts the session of the magic link read from the outbox', async () => {
    const person = await signedInUser('Confirms By Link')
    const refused = await person.client.rpc('confirm_my_email')
    expect(refused.error?.message).toBe('Open the link we emailed you to confirm your email')
    expect((await person.client.rpc('my_email_is_confirmed')).data).toBe(false)

    await signInByEmailedLink(person)
    const accepted = await person.client.rpc('confirm_my_email')
    expect(accepted.error).toBeNull()
    expect((await person.client.rpc('my_email_is_confirmed')).data).toBe(true)
  })

  it('refuses a link read before the account changed its email', async () => {
    const person = await signedInUser('Changes After Link')
    await signInByEmailedLink(person)
    await withDatabase((db) =>
      db.query('update auth.users set email = $2 where id = $1', [person.id, `new-${person.email}`]),
    )
    const refused = await person.client.rpc('confirm_my_email')
    expect(refused.error?.message).toBe('Open the link we emailed you to confirm your email')
  })

  it('needs no link for an account that signs in with Google: Google verified the address', async () => {
    const client = pkceClient()
    const email = `google-${randomUUID().slice(0, 8)}@example.com`
    const { data } = await client.auth.signInWithOAuth({
      provider: 'google',
      options: { redirectTo: 'http://localhost:5173/auth/callback', skipBrowserRedirect: true },
    })
    const toChooser = await fetch(data.url ?? '', { redirect: 'manual' })
    const chooserUrl = new URL(toChooser.headers.get('location') ?? '', data.url ?? '')
    const html = await (await fetch(chooserUrl)).text()
    const state = /name="state" value="([^"]+)"/.exec(html)?.[1] ?? ''
    const chosen = await fetch(new URL('/auth/v1/chooser', chooserUrl), {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ state, email, name: 'Gina Google' }),
    })
    const code = new URL(chosen.headers.get('location') ?? '').searchParams.get('code') ?? ''
    expect((await client.auth.exchangeCodeForSession(code)).error).toBeNull()
    expect((await client.rpc('my_email_is_confirmed')).data).toBe(true)
  })

  it('refuses a visitor', async () => {
    expect((await anonClient().rpc('confirm_my_email')).error).not.toBeNull()
  })
})
