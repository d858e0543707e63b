import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ALICE_ID, createFixture, dropFixture, restFetch, userClient } from './rest-fixture'
import { anonClient, withDatabase } from './support/clients'

const anon = anonClient()

beforeAll(createFixture)
afterAll(dropFixture)

describe('calling functions through /rest/v1/rpc', () => {
  it('returns a set of table rows as an array, with filters and order applied to the result', async () => {
    const { data, error } = await anon
      .rpc('rest_fixture_search', { q: 'o', max_price: 1200 })
      .select('slug')
      .gte('price', 900)
    expect(error).toBeNull()
    expect(data).toEqual([
      { slug: 'say "hi"' },
      { slug: 'alice-one' },
      { slug: 'alice-two' },
      { slug: 'oslo-flat' },
    ])
  })

  it('uses parameter defaults for omitted arguments', async () => {
    const { data } = await anon.rpc('rest_fixture_search', { q: 'palace' })
    expect((data as { slug: string }[]).map((r) => r.slug)).toEqual(['x(y)'])
  })

  it('returns a scalar as a bare JSON value, by POST and by GET', async () => {
    expect((await anon.rpc('rest_fixture_add', { a: 2, b: 40 })).data).toBe(42)
    const viaGet = await anon.rpc('rest_fixture_add', { a: 1, b: 2 }, { get: true })
    expect(viaGet).toMatchObject({ data: 3, error: null, status: 200 })
  })

  it('returns TABLE(...) rows and passes a json body through', async () => {
    const { data } = await anon.rpc('rest_fixture_price_list', { min_price: 3000 })
    expect(data).toEqual([{ slug: 'x(y)', price: 3000 }])
    const echo = await anon.rpc('rest_fixture_echo', { payload: { nested: [1, 'two'] } })
    expect(echo.data).toEqual({ nested: [1, 'two'] })
  })

  it('runs as the caller: auth.uid() is the JWT sub', async () => {
    const alice = await userClient(ALICE_ID)
    expect((await alice.rpc('rest_fixture_whoami')).data).toBe(ALICE_ID)
    expect((await anon.rpc('rest_fixture_whoami')).data).toBeNull()
  })

  it('answers 204 for a void function and commits its writes', async () => {
    const { status, error } = await anon.rpc('rest_fixture_post', { message: 'via rpc' })
    expect(error).toBeNull()
    expect(status).toBe(204)
    const rows = await withDatabase((db) =>
      db.query("select 1 from public.rest_fixture_inbox where message = 'via rpc'"),
    )
    expect(rows.rowCount).toBe(1)
  })

  it('runs GET read-only: a volatile function that writes fails with 25006 → 405', async () => {
    const { status, error } = await anon.rpc('rest_fixture_post', { message: 'via get' }, { get: true })
    expect(status).toBe(405)
    expect(error?.code).toBe('25006')
  })

  it('counts a set-returning function with head: true', async () => {
    const { count, error } = await anon.rpc('rest_fixture_search', { q: 'a' }, { head: true, count: 'exact' })
    expect(error).toBeNull()
    expect(count).toBeGreaterThan(3)
  })

  it('PGRST202 for an unknown function or unknown arguments', async () => {
    const { error, status } = await anon.rpc('rest_fixture_nope', { x: 1 })
    expect(status).toBe(404)
    expect(error).toMatchObject({
      code: 'PGRST202',
      message: 'Could not find the function public.rest_fixture_nope(x) in the schema cache',
    })
    const wrongArgs = await anon.rpc('rest_fixture_add', { a: 1, c: 2 })
    expect(wrongArgs.error?.code).toBe('PGRST202')
  })

  it('22P02 for an argument of the wrong type, PGRST102 for a non-JSON body', async () => {
    const { error, status } = await anon.rpc('rest_fixture_add', { a: 'one', b: 2 })
    expect(status).toBe(400)
    expect(error?.code).toBe('22P02')
    const res = await restFetch('rpc/rest_fixture_add', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: 'nope',
    })
    expect(res.status).toBe(400)
    expect((await res.json()).code).toBe('PGRST102')
  })
})
