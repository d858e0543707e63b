import { randomUUID } from 'node:crypto'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import WebSocket from 'ws'
import { signedInUser, type TestUser, withDatabase } from './support/clients'
import { validListing } from './support/rls-cases'

/**
 * landlord_contact out of bulk reach: the email only where the landlord shows it, and at most 20
 * different landlords per client address an hour. Each test calls from its own address (a
 * documentation-range address in `x-forwarded-for`, which the stack extends with the connection's
 * address as a proxy does), so tests do not share a count.
 */

let addressCounter = 0
/** A visitor's client whose requests come from an address of their own. */
function visitorFrom(address = `198.51.100.${++addressCounter}-${randomUUID().slice(0, 6)}`): SupabaseClient {
  return createClient(inject('apiUrl'), inject('anonKey'), {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { headers: { 'x-forwarded-for': address } },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  })
}

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
    const address = `203.0.113.9-${randomUUID().slice(0, 6)}`
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
        `update public.landlord_contact_reads set read_at = read_at - interval '1 hour' where address like $1`,
        [`${address}%`],
      ),
    )
    expect((await visitor.rpc('landlord_contact', { landlord_id: landlords[20]?.id })).error).toBeNull()
  })

  it('signed-in callers are counted by their address too', async () => {
    const address = `192.0.2.44-${randomUUID().slice(0, 6)}`
    const user = await signedInUser('Curious User')
    const c = createClient(inject('apiUrl'), inject('anonKey'), {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      global: { headers: { 'x-forwarded-for': address } },
      realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
    })
    await c.auth.signInWithPassword({ email: user.email, password: user.password })
    let served = 0
    for (const l of landlords) if (!(await c.rpc('landlord_contact', { landlord_id: l.id })).error) served++
    expect(served).toBe(20)
  })

  it('the address is the one the gateway reports (cf-connecting-ip before x-forwarded-for)', async () => {
    const rows = await withDatabase(async (db) => {
      await db.query('begin')
      try {
        const read = async (headers: Record<string, string>) => {
          await db.query(`select set_config('request.headers', $1, true)`, [JSON.stringify(headers)])
          return (await db.query('select public.request_client_address() as a')).rows[0].a as string
        }
        return [
          await read({ 'cf-connecting-ip': '198.51.100.7', 'x-forwarded-for': '10.0.0.1, 10.0.0.2' }),
          await read({ 'x-forwarded-for': ' 198.51.100.8 , 127.0.0.1' }),
          await read({}),
        ]
      } finally {
        await db.query('rollback')
      }
    })
    expect(rows).toEqual(['198.51.100.7', '198.51.100.8', 'unknown'])
  })

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
