import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import WebSocket from 'ws'
import { signedInUser, type TestUser, withDatabase } from './support/clients'
import { startFunctionsStack } from './support/functions-stack'
import { fetchFrom, requestFrom } from './support/http-from'
import { validListing } from './support/rls-cases'

/**
 * landlord_contact out of bulk reach: the email only where the landlord shows it, and at most 20
 * different landlords per client address an hour. The address is the connection's (the stack sets
 * `cf-connecting-ip` from it, as Supabase's edge does), never a header the client sends; each test calls
 * from a loopback address of its own (127.0.0.x), so tests do not share a count.
 */

let addressCounter = 20
/** A loopback address no other test of this file uses. */
const nextAddress = () => `127.0.0.${++addressCounter}`

/** A client whose requests come from `address`, with `headers` on each request (computed per request). */
function clientFrom(address: string, headers: () => Record<string, string> = () => ({})): SupabaseClient {
  const from = fetchFrom(address)
  return createClient(inject('apiUrl'), inject('anonKey'), {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: {
      fetch: (input, init) => {
        const sent = new Headers(init?.headers)
        for (const [name, value] of Object.entries(headers())) sent.set(name, value)
        return from(input, { ...init, headers: sent })
      },
    },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  })
}

/** A visitor's client whose requests come from an address of their own. */
const visitorFrom = (address = nextAddress()) => clientFrom(address)

const LANDLORDS = 25
let landlords: TestUser[]

beforeAll(async () => {
  landlords = []
  // Sign-ups a few at a time: the stack's Auth answers quickly, the database is shared.
  for (let i = 0; i < LANDLORDS; i += 5) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(5, LANDLORDS - i) }, (_, k) => signedInUser(`Landlord ${i + k}`)),
    )
    landlords.push(...batch)
  }
  await Promise.all(
    landlords.map(async (l) => {
      const { error } = await l.client.from('listings').insert(validListing(randomUUID(), {}))
      if (error) throw error
    }),
  )
}, 120_000)

describe('harvesting emails', () => {
  it('a script reading every landlord gets at most 20 emails in an hour, then a clear rate-limit error', async () => {
    const visitor = visitorFrom()
    const emails = new Set<string>()
    const refusals: { status: number; message: string | undefined }[] = []
    // What a harvester does: every listing names its owner; ask for each owner in turn.
    const { data: owners } = await visitor
      .from('listings')
      .select('user_ref')
      .in(
        'user_ref',
        landlords.map((l) => l.id),
      )
    const ids = [...new Set((owners ?? []).map((o) => o.user_ref as string))]
    expect(ids).toHaveLength(LANDLORDS)
    for (const id of ids) {
      const { data, error, status } = await visitor.rpc('landlord_contact', { landlord_id: id })
      if (error) refusals.push({ status, message: error.message })
      for (const row of (data ?? []) as { email: string | null }[]) if (row.email) emails.add(row.email)
    }
    expect(emails.size).toBe(20)
    expect(refusals).toHaveLength(LANDLORDS - 20)
    for (const r of refusals) {
      expect(r.status).toBe(429)
      expect(r.message).toBe('Too many landlords looked up from this address: try again in an hour')
    }
  })

  it('a landlord already read is read again; another address has its own count; an hour later it starts again', async () => {
    const address = nextAddress()
    const visitor = visitorFrom(address)
    for (const l of landlords.slice(0, 20)) {
      expect((await visitor.rpc('landlord_contact', { landlord_id: l.id })).error).toBeNull()
    }
    const again = await visitor.rpc('landlord_contact', { landlord_id: landlords[3]?.id })
    expect(again.error).toBeNull()
    expect(again.data).toEqual([{ name: landlords[3]?.name, email: landlords[3]?.email }])
    expect((await visitor.rpc('landlord_contact', { landlord_id: landlords[20]?.id })).status).toBe(429)

    const elsewhere = visitorFrom()
    expect((await elsewhere.rpc('landlord_contact', { landlord_id: landlords[20]?.id })).error).toBeNull()

    await withDatabase((db) =>
      db.query(
        `update public.landlord_contact_reads set read_at = read_at - interval '1 hour' where address = $1`,
        [address],
      ),
    )
    expect((await visitor.rpc('landlord_contact', { landlord_id: landlords[20]?.id })).error).toBeNull()
  })

  it('signed-in callers are counted by their address too', async () => {
    const user = await signedInUser('Curious User')
    const c = visitorFrom()
    await c.auth.signInWithPassword({ email: user.email, password: user.password })
    let served = 0
    for (const l of landlords) if (!(await c.rpc('landlord_contact', { landlord_id: l.id })).error) served++
    expect(served).toBe(20)
  })

  it('one client sending a new x-forwarded-for and cf-connecting-ip each time is one caller: 429 at the 21st landlord', async () => {
    let forged = 0
    const forger = clientFrom(nextAddress(), () => {
      forged++
      return { 'x-forwarded-for': `198.51.100.${forged}`, 'cf-connecting-ip': `203.0.113.${forged}` }
    })
    const statuses: number[] = []
    for (const l of landlords.slice(0, 21)) {
      statuses.push((await forger.rpc('landlord_contact', { landlord_id: l.id })).status)
    }
    expect(statuses).toEqual([...Array<number>(20).fill(200), 429])
  })

  it('an address header that is not an address creates no rows: the read counts for the connection', async () => {
    const junk = `junk-${randomUUID()}`
    const address = nextAddress()
    const visitor = clientFrom(address, () => ({ 'cf-connecting-ip': junk, 'x-forwarded-for': junk }))
    expect((await visitor.rpc('landlord_contact', { landlord_id: landlords[0]?.id })).error).toBeNull()
    const rows = await withDatabase(async (db) => {
      const { rows } = await db.query<{ address: string }>(
        'select address from public.landlord_contact_reads where address in ($1, $2)',
        [junk, address],
      )
      return rows.map((r) => r.address)
    })
    expect(rows).toEqual([address])
  })

  it('the address is the trusted header only, parsed as one IP address, else unknown', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ 'cf-connecting-ip': '198.51.100.7', 'x-forwarded-for': '10.0.0.1, 10.0.0.2' }, '198.51.100.7'],
      [{ 'cf-connecting-ip': ' 198.51.100.8 ' }, '198.51.100.8'],
      [{ 'cf-connecting-ip': '::ffff:198.51.100.9' }, '198.51.100.9'],
      [{ 'cf-connecting-ip': '2001:db8:1:2:3:4:5:6' }, '2001:db8:1:2::/64'],
      [{ 'x-forwarded-for': '198.51.100.8, 127.0.0.1' }, 'unknown'],
      [{ 'cf-connecting-ip': 'junk' }, 'unknown'],
      [{ 'cf-connecting-ip': '198.51.100.999' }, 'unknown'],
      [{ 'cf-connecting-ip': '10/8' }, 'unknown'],
      [{ 'cf-connecting-ip': '198.51.100.7, 198.51.100.8' }, 'unknown'],
      [{ 'cf-connecting-ip': '1'.repeat(1000) }, 'unknown'],
      [{}, 'unknown'],
    ]
    const addresses = await withDatabase(async (db) => {
      await db.query('begin')
      try {
        const found: string[] = []
        for (const [headers] of cases) {
          await db.query(`select set_config('request.headers', $1, true)`, [JSON.stringify(headers)])
          found.push((await db.query('select public.request_client_address() as a')).rows[0].a as string)
        }
        return found
      } finally {
        await db.query('rollback')
      }
    })
    expect(addresses).toEqual(cases.map(([, address]) => address))
  })

  it('the header the deployment trusts is a setting of the database', async () => {
    const address = await withDatabase(async (db) => {
      await db.query('begin')
      try {
        await db.query(`update public.client_address_settings set header = 'x-real-ip'`)
        await db.query(`select set_config('request.headers', $1, true)`, [
          JSON.stringify({ 'x-real-ip': '192.0.2.80', 'cf-connecting-ip': '192.0.2.81' }),
        ])
        return (await db.query('select public.request_client_address() as a')).rows[0].a as string
      } finally {
        await db.query('rollback')
      }
    })
    expect(address).toBe('192.0.2.80')
    const { error } = await visitorFrom().from('client_address_settings').select()
    expect(error).not.toBeNull()
  })

  it('reads older than an hour go, whoever made them: the table holds about an hour of reads', async () => {
    const stale = () =>
      withDatabase(async (db) => {
        const { rows } = await db.query<{ n: number }>(
          `select count(*)::int as n from public.landlord_contact_reads where read_at <= now() - interval '1 hour'`,
        )
        return rows[0]?.n ?? 0
      })
    await withDatabase((db) =>
      db.query(
        `insert into public.landlord_contact_reads (address, landlord_id, read_at)
         select '192.0.2.' || i, $1, now() - interval '2 hours' from generate_series(1, 150) as i`,
        [landlords[0]?.id],
      ),
    )
    const before = await stale()
    expect(before).toBeGreaterThanOrEqual(150)
    expect(before).toBeLessThanOrEqual(200)
    const visitor = visitorFrom()
    await visitor.rpc('landlord_contact', { landlord_id: landlords[0]?.id })
    expect(await stale()).toBeLessThanOrEqual(before - 100)
    await visitor.rpc('landlord_contact', { landlord_id: landlords[0]?.id })
    expect(await stale()).toBe(0)
  })

  it('the stack sets the address from the connection; behind a proxy (LOCAL_BEHIND_PROXY=on) it takes the proxy’s', async () => {
    const askFrom = (apiUrl: string) =>
      requestFrom('127.0.0.61', `${apiUrl}/rest/v1/rpc/request_client_address`, {
        method: 'POST',
        headers: {
          apikey: inject('anonKey'),
          'Content-Type': 'application/json',
          'cf-connecting-ip': '192.0.2.9',
        },
        body: '{}',
      })
    expect((await askFrom(inject('apiUrl'))).json()).toBe('127.0.0.61')
    const offset = Number(process.env.ROOST_TEST_PORT_OFFSET ?? 0)
    const behind = await startFunctionsStack({
      overrides: {
        apiPort: 25381 + offset,
        mailPort: 25384 + offset,
        appPort: 25383 + offset,
        behindProxy: true,
      },
    })
    try {
      expect((await askFrom(behind.config.apiUrl)).json()).toBe('192.0.2.9')
    } finally {
      await behind.stop()
      fs.rmSync(behind.dataDir, { recursive: true, force: true })
    }
  }, 60_000)

  it('a GET cannot read without being counted: it is refused', async () => {
    const { data, error } = await visitorFrom().rpc(
      'landlord_contact',
      { landlord_id: landlords[0]?.id },
      { get: true },
    )
    expect(data).toBeNull()
    expect(error).not.toBeNull()
  })
})

describe('Show my email to visitors', () => {
  it('is on by default; off, the function gives the name and no email', async () => {
    const owner = landlords[24] as TestUser
    const { data: mine } = await owner.client.from('profiles').select('show_email').single()
    expect(mine).toEqual({ show_email: true })

    const off = await owner.client.from('profiles').update({ show_email: false }).eq('id', owner.id)
    expect(off.error).toBeNull()
    const hidden = await visitorFrom().rpc('landlord_contact', { landlord_id: owner.id })
    expect(hidden.data).toEqual([{ name: owner.name, email: null }])

    await owner.client.from('profiles').update({ show_email: true }).eq('id', owner.id)
    const shown = await visitorFrom().rpc('landlord_contact', { landlord_id: owner.id })
    expect(shown.data).toEqual([{ name: owner.name, email: owner.email }])
  })

  it("nobody else can switch a landlord's setting", async () => {
    const owner = landlords[23] as TestUser
    const other = landlords[22] as TestUser
    const { data } = await other.client
      .from('profiles')
      .update({ show_email: false })
      .eq('id', owner.id)
      .select()
    expect(data).toEqual([])
    const still = await visitorFrom().rpc('landlord_contact', { landlord_id: owner.id })
    expect(still.data).toEqual([{ name: owner.name, email: owner.email }])
  })
})
