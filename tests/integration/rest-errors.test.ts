import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ALICE_ID, clientWithToken, createFixture, dropFixture, restFetch, userClient } from './rest-fixture'
import { anonClient } from './support/clients'

let alice: SupabaseClient
const anon = anonClient()

beforeAll(async () => {
  await createFixture()
  alice = await userClient(ALICE_ID)
})
afterAll(dropFixture)

const insert = (row: Record<string, unknown>) =>
  alice.from('rest_fixture_items').insert({ title: 'T', price: 1, ...row })

describe('PostgREST errors from /rest/v1', () => {
  it('23505 unique violation → 409 with PG message (Postgres hides the key detail under RLS)', async () => {
    const { error, status } = await insert({ slug: 'oslo-flat' })
    expect(status).toBe(409)
    expect(error).toEqual({
      code: '23505',
      details: null,
      hint: null,
      message: 'duplicate key value violates unique constraint "rest_fixture_items_slug_key"',
    })
  })

  it('23514 check violation → 400', async () => {
    const { error, status } = await insert({ slug: 'err-check', price: -1 })
    expect(status).toBe(400)
    expect(error).toMatchObject({
      code: '23514',
      message:
        'new row for relation "rest_fixture_items" violates check constraint "rest_fixture_items_price_check"',
    })
  })

  it('23502 not-null violation → 400', async () => {
    const { error, status } = await insert({ slug: 'err-null', title: null })
    expect(status).toBe(400)
    expect(error).toMatchObject({
      code: '23502',
      message: 'null value in column "title" of relation "rest_fixture_items" violates not-null constraint',
    })
  })

  it('23503 foreign key violation → 409', async () => {
    const { error, status } = await insert({
      slug: 'err-fk',
      owner_id: '0a000000-0000-4000-8000-0000000000ff',
    })
    expect(status).toBe(409)
    expect(error?.code).toBe('23503')
  })

  it('22P02 invalid text representation → 400 (eq.null on a uuid column is a string)', async () => {
    const { error, status } = await anon.from('rest_fixture_items').select('id').eq('owner_id', 'null')
    expect(status).toBe(400)
    expect(error).toMatchObject({ code: '22P02', message: 'invalid input syntax for type uuid: "null"' })
  })

  it('PGRST100 for an unknown operator or a malformed logic tree, never a 500', async () => {
    for (const query of [
      'price=eqq.1',
      'or=(price.eq.1',
      'order=price.sideways',
      'limit=-1',
      'price=in.1,2',
    ]) {
      const res = await restFetch(`rest_fixture_items?${query}`)
      expect(res.status, query).toBe(400)
      expect((await res.json()).code, query).toBe('PGRST100')
    }
  })

  it('PGRST102 for a malformed JSON body', async () => {
    const res = await restFetch('rest_fixture_inbox', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"message":',
    })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({
      code: 'PGRST102',
      details: null,
      hint: null,
      message: 'Empty or invalid json',
    })
  })

  it('PGRST204 for an unknown column in the payload', async () => {
    const { error, status } = await insert({ slug: 'err-col', colour: 'red' })
    expect(status).toBe(400)
    expect(error).toEqual({
      code: 'PGRST204',
      details: null,
      hint: null,
      message: "Could not find the 'colour' column of 'rest_fixture_items' in the schema cache",
    })
  })

  it('42703 for an unknown column in select or a filter', async () => {
    const { error, status } = await anon.from('rest_fixture_items').select('colour')
    expect(status).toBe(400)
    expect(error).toMatchObject({ code: '42703', message: 'column rest_fixture_items.colour does not exist' })
  })

  it('PGRST205 for an unknown table, suggesting a close name', async () => {
    const { error, status } = await anon.from('rest_fixture_item').select('*')
    expect(status).toBe(404)
    expect(error).toEqual({
      code: 'PGRST205',
      details: null,
      hint: "Perhaps you meant the table 'public.rest_fixture_items'",
      message: "Could not find the table 'public.rest_fixture_item' in the schema cache",
    })
  })

  it('PGRST106 for a schema other than public', async () => {
    const res = await restFetch('rest_fixture_items', { headers: { 'Accept-Profile': 'auth' } })
    expect(res.status).toBe(406)
    expect((await res.json()).code).toBe('PGRST106')
  })

  it('PGRST200 for an embedded resource without a relationship', async () => {
    const { error, status } = await anon.from('rest_fixture_items').select('slug, owner:nowhere(name)')
    expect(status).toBe(400)
    expect(error?.code).toBe('PGRST200')
  })

  it('PGRST303 "JWT expired" and PGRST301 for a bad signature, with WWW-Authenticate', async () => {
    const expired = await clientWithToken({
      sub: ALICE_ID,
      role: 'authenticated',
      exp: Math.floor(Date.now() / 1000) - 120,
    })
    const { error, status } = await expired.from('rest_fixture_items').select('slug')
    expect(status).toBe(401)
    expect(error).toMatchObject({ code: 'PGRST303', message: 'JWT expired' })
    const res = await restFetch('rest_fixture_items', {
      headers: { authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.e30.bad' },
    })
    expect(res.status).toBe(401)
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/)
    expect((await res.json()).code).toBe('PGRST301')
  })

  it('never answers bad input with a 500', async () => {
    const requests: [string, RequestInit][] = [
      ['rest_fixture_items?select=*,', {}],
      ['rest_fixture_items?order=', {}],
      ['rest_fixture_items?limit=', {}],
      ['rest_fixture_items?price=in.(1', {}],
      ['rest_fixture_items?price=like.1', {}],
      ['rest_fixture_items?data->>a=eq.1&data->0=is.null', {}],
      ['rest_fixture_items', { headers: { Accept: 'text/csv' } }],
      ['rest_fixture_items', { method: 'PUT', body: '{}' }],
      ['rest_fixture_items?slug=eq.x', { method: 'PATCH', body: '[1]' }],
      ['rest_fixture_items', { method: 'POST', body: '5' }],
      ['rest_fixture_items', { method: 'POST', body: '[{"slug":"a"},{"title":"b"}]' }],
      ['rpc/rest_fixture_add', { method: 'PATCH', body: '{}' }],
      ['rpc/rest_fixture_add?a=x&b=1', {}],
    ]
    for (const [path, init] of requests) {
      const res = await restFetch(path, {
        ...init,
        headers: { 'Content-Type': 'application/json', ...init.headers },
      })
      expect(res.status, path).toBeGreaterThanOrEqual(200)
      expect(res.status, path).toBeLessThan(500)
      if (res.status >= 400)
        expect(Object.keys(await res.json()).sort(), path).toEqual(['code', 'details', 'hint', 'message'])
    }
  })

  it('treats a PATCH with an empty body as a no-op (204)', async () => {
    const { status, error } = await alice.from('rest_fixture_items').update({}).eq('slug', 'alice-one')
    expect(error).toBeNull()
    expect(status).toBe(204)
  })

  it('applies the JWT role: anon cannot write where authenticated can', async () => {
    const asAnon = await anon.from('rest_fixture_items').update({ note: 'x' }).eq('slug', 'alice-one')
    expect(asAnon.status).toBe(401)
    expect(asAnon.error?.code).toBe('42501')
  })
})
