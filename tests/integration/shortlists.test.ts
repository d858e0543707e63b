import { randomUUID } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { anonClient, signedInUser, type TestUser, withDatabase } from './support/clients'
import { validListing } from './support/rls-cases'

/**
 * Notes on saved homes and shared shortlists, per role, against the real database through supabase-js:
 * a visitor reads and writes nothing; an author alone reads a note until they share a shortlist; a
 * member reads and writes the shortlist's homes and reads its notes; a non-member nothing. Invitations
 * are single-use, hashed, 7-day and revocable; a shortlist holds 4 people; leaving and deleting an
 * account leave the others' shortlist as it was.
 */

let landlord: TestUser
let homes: string[]

async function newHomes(n: number): Promise<string[]> {
  const ids = Array.from({ length: n }, () => randomUUID())
  const { error } = await landlord.client.from('listings').insert(ids.map((id) => validListing(id)))
  if (error) throw error
  return ids
}

const must = <T extends { error: unknown }>(result: T): T => {
  if (result.error) throw result.error
  return result
}

async function invite(
  who: TestUser,
): Promise<{ invitation_id: string; token: string; shortlist_id: string }> {
  const { data } = must(await who.client.rpc('create_shortlist_invitation'))
  return (data as { invitation_id: string; token: string; shortlist_id: string }[])[0] as never
}

const accept = (who: TestUser, token: string) => who.client.rpc('accept_shortlist_invitation', { token })

async function rows(c: SupabaseClient, table: string, columns = '*'): Promise<Record<string, unknown>[]> {
  const { data, error } = await c.from(table).select(columns)
  if (error) throw error
  return data as unknown as Record<string, unknown>[]
}

beforeAll(async () => {
  landlord = await signedInUser('Lana Landlord')
  homes = await newHomes(8)
})

describe('notes on saved homes', () => {
  it('are the author’s alone, and refused over 1,000 characters with their length', async () => {
    const alex = await signedInUser('Alex')
    const outsider = await signedInUser('Olly Outsider')
    must(
      await alex.client.rpc('set_home_note', {
        listing_id: homes[0],
        body: 'smelled damp, ask about the boiler',
      }),
    )
    must(await alex.client.rpc('set_home_vote', { listing_id: homes[0], vote: 'down' }))
    // The vote kept the note, and a second send of the same note changes nothing.
    must(
      await alex.client.rpc('set_home_note', {
        listing_id: homes[0],
        body: 'smelled damp, ask about the boiler',
      }),
    )
    const mine = await rows(alex.client, 'home_notes', 'author_id, listing_id, body, vote, shortlist_id')
    expect(mine).toEqual([
      {
        author_id: alex.id,
        listing_id: homes[0],
        body: 'smelled damp, ask about the boiler',
        vote: 'down',
        shortlist_id: null,
      },
    ])
    expect(await rows(outsider.client, 'home_notes')).toEqual([])
    expect((await anonClient().from('home_notes').select('*')).error?.code).toBe('42501')

    const long = await alex.client.rpc('set_home_note', { listing_id: homes[1], body: 'x'.repeat(1234) })
    expect(long.error?.message).toBe('A note can have up to 1,000 characters: this one has 1,234 characters')
    const bad = await alex.client.rpc('set_home_vote', { listing_id: homes[1], vote: 'meh' })
    expect(bad.error?.code).toBe('23514')
    // Nobody writes a note in another's name, nor edits another's.
    const forged = await outsider.client
      .from('home_notes')
      .insert({ author_id: alex.id, listing_id: homes[2] })
    expect(forged.error).toBeNull()
    const stored = await withDatabase((db) =>
      db.query('select author_id from public.home_notes where listing_id = $1', [homes[2]]),
    )
    expect(stored.rows).toEqual([{ author_id: outsider.id }])
    const edit = await outsider.client
      .from('home_notes')
      .update({ body: 'mine now' })
      .eq('author_id', alex.id)
      .select()
    expect(edit.data).toEqual([])
  })
})

describe('a shared shortlist', () => {
  let alex: TestUser
  let sam: TestUser
  let outsider: TestUser
  let shortlist: string

  beforeAll(async () => {
    alex = await signedInUser('Alex')
    sam = await signedInUser('Sam')
    outsider = await signedInUser('Olly Outsider')
    must(await alex.client.from('saved_listings').insert({ listing_id: homes[0] }))
    must(await alex.client.rpc('set_home_note', { listing_id: homes[0], body: 'love the garden' }))
    must(await sam.client.from('saved_listings').insert({ listing_id: homes[1] }))
    must(await sam.client.rpc('set_home_note', { listing_id: homes[1], body: 'close to work' }))
    must(await sam.client.rpc('set_home_vote', { listing_id: homes[1], vote: 'up' }))
  })

  it('starts from an invitation whose token is random and kept only as its hash', async () => {
    const first = await invite(alex)
    const second = await invite(alex)
    shortlist = first.shortlist_id
    expect(first.token).toMatch(/^[0-9a-f]{64}$/)
    expect(second.token).not.toBe(first.token)
    expect(second.shortlist_id).toBe(shortlist)
    const stored = await withDatabase(async (db) => {
      const { rows } = await db.query<{ hash: string; days: number; holds_token: boolean }>(
        `select encode(token_hash, 'hex') as hash, extract(day from expires_at - created_at)::int as days,
                i::text like '%' || $2 || '%' as holds_token
         from public.shortlist_invitations as i where id = $1`,
        [first.invitation_id, first.token],
      )
      return rows[0]
    })
    expect(stored?.days).toBe(7)
    expect(stored?.holds_token).toBe(false)
    // The hash is not served: a member reads an invitation's dates only.
    expect((await alex.client.from('shortlist_invitations').select('token_hash')).error?.code).toBe('42501')
    const open = await rows(alex.client, 'shortlist_invitations', 'id, expires_at, used_at, revoked_at')
    expect(open.map((i) => i.id).sort()).toEqual([first.invitation_id, second.invitation_id].sort())

    must(await accept(sam, first.token))
    // The same link again: Sam is already in; for anyone else it is used.
    expect((await accept(sam, first.token)).data).toBe(shortlist)
    const reused = await accept(outsider, first.token)
    expect(reused.error?.message).toBe('This invitation has expired or was already used')
    expect((await accept(outsider, 'f'.repeat(64))).error?.message).toBe(
      'This invitation has expired or was already used',
    )
    // Stop sharing: the unused link is revoked and refused.
    expect(
      (await alex.client.rpc('revoke_shortlist_invitations', { invitation_id: second.invitation_id })).data,
    ).toBe(1)
    expect((await accept(outsider, second.token)).error?.message).toBe(
      'This invitation has expired or was already used',
    )
    // An expired link is refused too.
    const third = await invite(alex)
    await withDatabase((db) =>
      db.query(
        `update public.shortlist_invitations set created_at = now() - interval '8 days', expires_at = now() - interval '1 day' where id = $1`,
        [third.invitation_id],
      ),
    )
    expect((await accept(outsider, third.token)).error?.message).toBe(
      'This invitation has expired or was already used',
    )
  })

  it('shows members each other’s homes, notes and votes, and who added each home; a non-member nothing', async () => {
    for (const member of [alex, sam]) {
      const listHomes = await rows(member.client, 'shortlist_homes', 'listing_id, added_by')
      expect(listHomes).toHaveLength(2)
      expect(listHomes).toEqual(
        expect.arrayContaining([
          { listing_id: homes[0], added_by: alex.id },
          { listing_id: homes[1], added_by: sam.id },
        ]),
      )
      const notes = await rows(member.client, 'home_notes', 'author_id, listing_id, body, vote')
      expect(notes).toEqual(
        expect.arrayContaining([
          { author_id: alex.id, listing_id: homes[0], body: 'love the garden', vote: null },
          { author_id: sam.id, listing_id: homes[1], body: 'close to work', vote: 'up' },
        ]),
      )
      const people = await rows(member.client, 'shortlist_members', 'user_id, name, seat')
      expect(people).toEqual(
        expect.arrayContaining([
          { user_id: alex.id, name: 'Alex', seat: 1 },
          { user_id: sam.id, name: 'Sam', seat: 2 },
        ]),
      )
    }
    for (const table of ['shortlists', 'shortlist_members', 'shortlist_homes', 'home_notes']) {
      expect(
        await rows(outsider.client, table, table === 'shortlist_members' ? 'user_id' : '*'),
        table,
      ).toEqual([])
      expect((await anonClient().from(table).select('*')).error?.code, table).toBe('42501')
    }
    expect(await rows(outsider.client, 'shortlist_invitations', 'id')).toEqual([])
  })

  it('lets either member add and remove homes, and nobody else', async () => {
    // Saving a home puts it in the shortlist; adding one directly is in the adder's name.
    must(await sam.client.from('saved_listings').insert({ listing_id: homes[2] }))
    must(
      await alex.client
        .from('shortlist_homes')
        .insert({ shortlist_id: shortlist, listing_id: homes[3], added_by: sam.id }),
    )
    const added = await rows(sam.client, 'shortlist_homes', 'listing_id, added_by')
    expect(added).toEqual(
      expect.arrayContaining([
        { listing_id: homes[2], added_by: sam.id },
        { listing_id: homes[3], added_by: alex.id },
      ]),
    )
    // Sam removes Alex's home: it leaves the shortlist and Alex's saved homes.
    const removed = await sam.client.from('shortlist_homes').delete().eq('listing_id', homes[0]).select()
    expect(removed.data).toHaveLength(1)
    expect(await rows(alex.client, 'saved_listings', 'listing_id')).toEqual([])
    // Alex unsaves the home Sam saved: gone for both.
    must(await sam.client.from('saved_listings').delete().eq('listing_id', homes[2]))
    expect(
      (await rows(alex.client, 'shortlist_homes', 'listing_id')).map((h) => h.listing_id).sort(),
    ).toEqual([homes[1], homes[3]].sort())
    // A non-member can neither add nor remove.
    const intrusion = await outsider.client
      .from('shortlist_homes')
      .insert({ shortlist_id: shortlist, listing_id: homes[4] })
    expect(intrusion.error?.code).toBe('42501')
    const vandal = await outsider.client
      .from('shortlist_homes')
      .delete()
      .eq('shortlist_id', shortlist)
      .select()
    expect(vandal.data).toEqual([])
    // Members cannot change membership or invitations except through the functions.
    const sneak = await outsider.client
      .from('shortlist_members')
      .insert({ shortlist_id: shortlist, user_id: outsider.id, seat: 3 })
    expect(sneak.error?.code).toBe('42501')
    const kick = await alex.client.from('shortlist_members').delete().eq('user_id', sam.id)
    expect(kick.error?.code).toBe('42501')
    // Only the author edits a note, even inside the shortlist.
    const edit = await alex.client
      .from('home_notes')
      .update({ body: 'not close' })
      .eq('author_id', sam.id)
      .select()
    expect(edit.data).toEqual([])
  })

  it('holds at most 4 people', async () => {
    const third = await signedInUser('Tess')
    const fourth = await signedInUser('Fay')
    const fifth = await signedInUser('Finn')
    must(await accept(third, (await invite(alex)).token))
    must(await accept(fourth, (await invite(sam)).token))
    const last = await invite(alex)
    const refused = await accept(fifth, last.token)
    expect(refused.error?.message).toBe('A shortlist can have up to 4 people')
    // The constraint holds whatever the caller.
    const direct = await withDatabase((db) =>
      db
        .query(`insert into public.shortlist_members (shortlist_id, user_id, seat) values ($1, $2, 5)`, [
          shortlist,
          fifth.id,
        ])
        .then(
          () => 'stored',
          (e: { code: string }) => e.code,
        ),
    )
    expect(direct).toBe('23514')
    // The refused link stays usable once a seat is free.
    must(await fourth.client.rpc('leave_shortlist'))
    must(await accept(fifth, last.token))
    must(await third.client.rpc('leave_shortlist'))
    must(await fifth.client.rpc('leave_shortlist'))
  })

  it('includes notes and memberships in Download my data', async () => {
    const token = (await sam.client.auth.getSession()).data.session?.access_token
    const response = await fetch(`${inject('apiUrl')}/functions/v1/export-data`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
    })
    expect(response.status).toBe(200)
    const data = (await response.json()) as {
      home_notes: { listing_id: string; body: string; vote: string | null; shared: boolean }[]
      shortlist_memberships: {
        shortlist_id: string
        shared_with: string[]
        homes_added: { listing_id: string }[]
      }[]
    }
    expect(data.home_notes).toEqual([
      expect.objectContaining({ listing_id: homes[1], body: 'close to work', vote: 'up', shared: true }),
    ])
    expect(data.shortlist_memberships).toEqual([
      expect.objectContaining({
        shortlist_id: shortlist,
        shared_with: ['Alex'],
        homes_added: [{ listing_id: homes[1], added_at: expect.any(String) }],
      }),
    ])
  })

  it('lets a member leave, keeping their saved homes and notes, and the homes they added stay', async () => {
    must(await sam.client.from('saved_listings').insert({ listing_id: homes[5] }))
    expect((await sam.client.rpc('leave_shortlist')).data).toBe(true)
    expect((await rows(sam.client, 'saved_listings', 'listing_id')).map((s) => s.listing_id).sort()).toEqual(
      [homes[1], homes[5]].sort(),
    )
    expect(await rows(sam.client, 'home_notes', 'body, shortlist_id')).toEqual([
      { body: 'close to work', shortlist_id: null },
    ])
    expect(await rows(sam.client, 'shortlist_homes')).toEqual([])
    // Alex keeps the shortlist with Sam's homes, but no longer reads Sam's notes.
    expect(
      (await rows(alex.client, 'shortlist_homes', 'listing_id')).map((h) => h.listing_id).sort(),
    ).toEqual([homes[1], homes[3], homes[5]].sort())
    expect((await rows(alex.client, 'home_notes', 'author_id')).map((n) => n.author_id)).toEqual([alex.id])
    expect((await rows(alex.client, 'shortlist_members', 'name')).map((m) => m.name)).toEqual(['Alex'])
    // Leaving again changes nothing; the last member leaving ends the shortlist.
    expect((await sam.client.rpc('leave_shortlist')).data).toBe(false)
    must(await alex.client.rpc('leave_shortlist'))
    const left = await withDatabase((db) =>
      db.query('select 1 from public.shortlists where id = $1', [shortlist]),
    )
    expect(left.rows).toEqual([])
  })
})

describe('deleting an account in a shortlist', () => {
  it('leaves the partner’s shortlist intact, its notes from nobody', async () => {
    const alex = await signedInUser('Alex')
    const sam = await signedInUser('Sam')
    must(await sam.client.from('saved_listings').insert({ listing_id: homes[6] }))
    must(await sam.client.rpc('set_home_note', { listing_id: homes[6], body: 'big kitchen' }))
    must(await sam.client.rpc('set_home_note', { listing_id: homes[7], body: 'private thought' }))
    must(await accept(alex, (await invite(sam)).token))
    must(await sam.client.rpc('leave_shortlist'))
    must(await accept(sam, (await invite(alex)).token))
    const { error } = await sam.client.functions.invoke('delete-account', {
      body: { password: sam.password },
    })
    expect(error).toBeNull()
    expect(await rows(alex.client, 'shortlist_homes', 'listing_id, added_by')).toEqual([
      { listing_id: homes[6], added_by: null },
    ])
    expect(await rows(alex.client, 'home_notes', 'author_id, listing_id, body')).toEqual(
      expect.arrayContaining([
        { author_id: null, listing_id: homes[6], body: 'big kitchen' },
        { author_id: null, listing_id: homes[7], body: 'private thought' },
      ]),
    )
    expect((await rows(alex.client, 'shortlist_members', 'name')).map((m) => m.name)).toEqual(['Alex'])
    // Once the last member goes, nothing of the deleted person's notes is left.
    must(await alex.client.rpc('leave_shortlist'))
    const orphans = await withDatabase((db) =>
      db.query('select 1 from public.home_notes where listing_id = any($1) and author_id is null', [
        [homes[6], homes[7]],
      ]),
    )
    expect(orphans.rows).toEqual([])
  })
})
