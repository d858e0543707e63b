import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ALICE_ID, BOB_ID, createFixture, dropFixture, restFetch, userClient } from './rest-fixture'
import { anonClient, withDatabase } from './support/clients'

let alice: SupabaseClient
let bob: SupabaseClient
const anon = anonClient()

beforeAll(async () => {
  await createFixture()
  alice = await userClient(ALICE_ID)
  bob = await userClient(BOB_ID)
})
afterAll(dropFixture)
beforeEach(() =>
  withDatabase((db) => db.query("delete from public.rest_fixture_items where slug like 'new-%'")),
)

const countWhere = (sql: string, params: unknown[] = []) =>
  withDatabase(async (db) =>
    Number(
      (await db.query(`select count(*) from public.rest_fixture_items where ${sql}`, params)).rows[0].count,
    ),
  )

describe('writing rows through /rest/v1', () => {
  it('inserts without select as 201 with an empty body, and needs no SELECT right (RETURNING 1)', async () => {
    const { data, error, status } = await anon.from('rest_fixture_inbox').insert({ message: 'hello' })
    expect(error).toBeNull()
    expect(status).toBe(201)
    expect(data).toBeNull()
    const withSelect = await anon.from('rest_fixture_inbox').insert({ message: 'again' }).select()
    expect(withSelect.status).toBe(401)
    expect(withSelect.error?.code).toBe('42501')
  })

  it('inserts with select as 201 and the rows, defaults filled and auth.uid() as user_ref', async () => {
    const { data, error, status } = await alice
      .from('rest_fixture_items')
      .insert({ slug: 'new-one', title: 'New One', price: 10 })
      .select('slug, price, tags, user_ref')
      .single()
    expect(error).toBeNull()
    expect(status).toBe(201)
    expect(data).toEqual({ slug: 'new-one', price: 10, tags: [], user_ref: ALICE_ID })
  })

  it('bulk inserts with ?columns= and turns missing keys into NULL, or DEFAULT with missing=default', async () => {
    const rows = [
      { slug: 'new-a', title: 'A', price: 1, note: 'x' },
      { slug: 'new-b', title: 'B', price: 2 },
    ]
    const { error } = await alice.from('rest_fixture_items').insert(rows)
    expect(error).toBeNull()
    expect(await countWhere("slug = 'new-b' and note is null")).toBe(1)
    const noDefault = await alice.from('rest_fixture_items').insert([
      { slug: 'new-c', title: 'C', price: 1, user_ref: ALICE_ID },
      { slug: 'new-d', title: 'D', price: 1 },
    ])
    expect(noDefault.error?.code).toBe('42501')
    const withDefault = await alice.from('rest_fixture_items').insert(
      [
        { slug: 'new-c', title: 'C', price: 1, user_ref: ALICE_ID },
        { slug: 'new-d', title: 'D', price: 1 },
      ],
      { defaultToNull: false },
    )
    expect(withDefault.error).toBeNull()
    expect(await countWhere('slug = $1 and user_ref = $2', ['new-d', ALICE_ID])).toBe(1)
  })

  it('refuses a row that fails WITH CHECK with 42501: 403 for a user, 401 for anon', async () => {
    const { error, status } = await alice
      .from('rest_fixture_items')
      .insert({ slug: 'new-x', title: 'X', price: 1, user_ref: BOB_ID })
    expect(status).toBe(403)
    expect(error).toEqual({
      code: '42501',
      details: null,
      hint: null,
      message: 'new row violates row-level security policy for table "rest_fixture_items"',
    })
    const asAnon = await anon.from('rest_fixture_items').insert({ slug: 'new-y', title: 'Y', price: 1 })
    expect(asAnon.status).toBe(401)
    expect(asAnon.error).toMatchObject({
      code: '42501',
      message: 'permission denied for table rest_fixture_items',
    })
  })

  it('updates only the rows RLS lets the caller see: 204, or 200 with the rows', async () => {
    const mine = await alice.from('rest_fixture_items').update({ note: 'edited' }).eq('slug', 'alice-one')
    expect(mine.status).toBe(204)
    const theirs = await bob
      .from('rest_fixture_items')
      .update({ note: 'stolen' })
      .eq('slug', 'alice-two')
      .select()
    expect(theirs).toMatchObject({ status: 200, data: [], error: null })
    expect(await countWhere("slug = 'alice-two' and note = 'alice'")).toBe(1)
    const back = await alice
      .from('rest_fixture_items')
      .update({ note: 'alice' })
      .eq('slug', 'alice-one')
      .select('slug, note')
    expect(back.data).toEqual([{ slug: 'alice-one', note: 'alice' }])
  })

  it('rolls a mutation back when single() finds other than one row (406 PGRST116)', async () => {
    const { error, status } = await alice
      .from('rest_fixture_items')
      .update({ note: 'both' })
      .like('slug', 'alice-*')
      .select()
      .single()
    expect(status).toBe(406)
    expect(error).toEqual({
      code: 'PGRST116',
      details: 'The result contains 2 rows',
      hint: null,
      message: 'Cannot coerce the result to a single JSON object',
    })
    expect(await countWhere("note = 'both'")).toBe(0)
  })

  it('deletes own rows only: 204, others silently untouched', async () => {
    await alice.from('rest_fixture_items').insert({ slug: 'new-del', title: 'Del', price: 1 })
    const byBob = await bob.from('rest_fixture_items').delete().eq('slug', 'new-del')
    expect(byBob.status).toBe(204)
    expect(await countWhere("slug = 'new-del'")).toBe(1)
    const byAlice = await alice.from('rest_fixture_items').delete().eq('slug', 'new-del').select('slug')
    expect(byAlice).toMatchObject({ status: 200, data: [{ slug: 'new-del' }] })
    expect(await countWhere("slug = 'new-del'")).toBe(0)
  })

  it('refuses UPDATE and DELETE without filters as pg-safeupdate does (400, 21000)', async () => {
    const update = await alice.from('rest_fixture_items').update({ note: 'all' })
    expect(update.status).toBe(400)
    expect(update.error).toMatchObject({ code: '21000', message: 'UPDATE requires a WHERE clause' })
    const remove = await alice.from('rest_fixture_items').delete()
    expect(remove.error).toMatchObject({ code: '21000', message: 'DELETE requires a WHERE clause' })
  })

  it('upserts on a conflict column: merge updates (200 when nothing new), ignore keeps the old row', async () => {
    await alice.from('rest_fixture_items').insert({ slug: 'new-up', title: 'Up', price: 5 })
    const merged = await alice
      .from('rest_fixture_items')
      .upsert({ slug: 'new-up', title: 'Up 2', price: 6 }, { onConflict: 'slug' })
      .select('slug, title')
    expect(merged.error).toBeNull()
    expect(merged.status).toBe(200)
    expect(merged.data).toEqual([{ slug: 'new-up', title: 'Up 2' }])
    const fresh = await alice
      .from('rest_fixture_items')
      .upsert({ slug: 'new-up2', title: 'Fresh', price: 1 }, { onConflict: 'slug' })
    expect(fresh.status).toBe(201)
    const ignored = await alice
      .from('rest_fixture_items')
      .upsert({ slug: 'new-up', title: 'Ignored', price: 7 }, { onConflict: 'slug', ignoreDuplicates: true })
    expect(ignored.error).toBeNull()
    expect(await countWhere("slug = 'new-up' and title = 'Up 2'")).toBe(1)
  })

  it('reports the affected count of a mutation with count: exact', async () => {
    const { count, error } = await alice
      .from('rest_fixture_items')
      .update({ note: 'alice' }, { count: 'exact' })
      .like('slug', 'alice-*')
    expect(error).toBeNull()
    expect(count).toBe(2)
  })

  it('rolls back with Prefer: tx=rollback', async () => {
    const res = await restFetch('rest_fixture_inbox', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Prefer: 'tx=rollback' },
      body: JSON.stringify({ message: 'rolled-back' }),
    })
    expect(res.status).toBe(201)
    const rows = await withDatabase((db) =>
      db.query("select 1 from public.rest_fixture_inbox where message = 'rolled-back'"),
    )
    expect(rows.rowCount).toBe(0)
  })
})
