import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPostgrestFixture, dropPostgrestFixture, eventually, setApiSetting } from './postgrest-fixture'
import { restFetch } from './rest-fixture'
import { anonClient, serviceClient, withDatabase } from './support/clients'

const db = anonClient()

beforeAll(createPostgrestFixture)
afterAll(async () => {
  await setApiSetting('db_aggregates_enabled', null)
  await setApiSetting('db_plan_enabled', null)
  await setApiSetting('db_schemas', null)
  await dropPostgrestFixture()
})

describe('aggregates', () => {
  it('are refused with PGRST123 while disabled, as on hosted Supabase', async () => {
    const { error, status } = await db.from('pe_tasks').select('count()')
    expect(status).toBe(400)
    expect(error).toMatchObject({ code: 'PGRST123', message: 'Use of aggregate functions is not allowed' })
  })

  it('count, sum, avg, min and max, with casts, grouped by the other selected columns', async () => {
    await setApiSetting('db_aggregates_enabled', 'true')
    await eventually(async () => {
      expect((await db.from('pe_tasks').select('count()')).error).toBeNull()
    })
    const total = await db.from('pe_tasks').select('count(), hours.sum(), hours.max(), hours.min()').single()
    // The secret task is hidden from anon by RLS, so it is not counted.
    expect(total.data).toEqual({ count: 5, sum: 19, max: 8, min: 1 })
    const grouped = await db
      .from('pe_tasks')
      .select('project_id, tasks:count()::text, average:hours.avg()::int')
      .order('project_id')
    expect(grouped.error).toBeNull()
    expect(grouped.data).toEqual([
      { project_id: 1, tasks: '3', average: 4 },
      { project_id: 2, tasks: '1', average: 5 },
      { project_id: 3, tasks: '1', average: 1 },
    ])
  })

  it('aggregate inside an embedded resource, and over a spread', async () => {
    const { data, error } = await db
      .from('pe_projects')
      .select('name, pe_tasks(count(), hours.sum())')
      .in('id', [1, 4])
      .order('id')
    expect(error).toBeNull()
    expect(data).toEqual([
      { name: 'Roadrunner', pe_tasks: [{ count: 3, sum: 13 }] },
      { name: 'Orphan', pe_tasks: [{ count: 0, sum: null }] },
    ])
    const byClient = await db
      .from('pe_projects')
      .select('projects:count(), ...pe_clients(client:name)')
      .not('client_id', 'is', null)
    expect(byClient.error).toBeNull()
    expect([...(byClient.data ?? [])].sort((a, b) => a.client.localeCompare(b.client))).toEqual([
      { projects: 2, client: 'Acme' },
      { projects: 1, client: 'Globex' },
    ])
  })
})

describe('RPC as PostgREST calls functions', () => {
  it('picks an overload by its argument names', async () => {
    const one = await db.rpc('pe_add', { a: 1 })
    expect(one.data).toBe(101)
    const get = await db.rpc('pe_add', { a: 1 }, { get: true })
    expect(get.data).toBe(101)
  })

  it('answers 300 PGRST203 when overloads share the argument names', async () => {
    const { error, status } = await db.rpc('pe_add', { a: 1, b: 2 })
    expect(status).toBe(300)
    expect(error?.code).toBe('PGRST203')
    expect(error?.message).toMatch(
      /^Could not choose the best candidate function between: public\.pe_add\(a => /,
    )
    expect(error?.hint).toBe(
      'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    )
  })

  it('gives the whole body to a single unnamed json, text or bytea parameter', async () => {
    const json = await db.rpc('pe_keys', { zeta: 1, alpha: 2 })
    expect(json.data).toBe('alpha,zeta')
    const text = await restFetch('rpc/pe_shout', {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: 'quiet please',
    })
    expect(await text.json()).toBe('QUIET PLEASE')
    const bytes = await restFetch('rpc/pe_size', {
      method: 'POST',
      headers: { 'Content-Type': 'application/octet-stream' },
      body: new Uint8Array([0, 255, 1, 2]),
    })
    expect(await bytes.json()).toBe(4)
    const wrongType = await restFetch('rpc/pe_size', {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: 'abc',
    })
    expect(wrongType.status).toBe(404)
    expect(await wrongType.json()).toMatchObject({
      code: 'PGRST202',
      details:
        'Searched for the function public.pe_size with a single unnamed text parameter, but no matches were found in the schema cache.',
    })
  })

  it('takes a table row as an argument', async () => {
    const { data, error } = await db.rpc('pe_describe', { p: { id: 9, name: 'Kite', client_id: 2 } })
    expect(error).toBeNull()
    expect(data).toBe('Kite of client 2')
  })

  it('embeds from the rows a function returns', async () => {
    const { data, error } = await serviceClient()
      .rpc('pe_rename_upto', { max_id: 1 })
      .select('name, pe_clients(name)')
      .rollback()
    expect(error).toBeNull()
    expect(data).toEqual([{ name: 'Roadrunner!', pe_clients: { name: 'Acme' } }])
  })
})

describe('Prefer: max-affected with handling=strict', () => {
  it('rolls an update back that affects more rows than allowed (PGRST124)', async () => {
    const response = await restFetch('pe_projects?id=lte.2', {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', Prefer: 'handling=strict, max-affected=1' },
      body: JSON.stringify({ name: 'Renamed' }),
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      code: 'PGRST124',
      details: 'The query affects 2 rows',
      hint: null,
      message: 'Query result exceeds max-affected preference constraint',
    })
    const names = await db.from('pe_projects').select('name').lte('id', 2).order('id')
    expect(names.data).toEqual([{ name: 'Roadrunner' }, { name: 'Anvil' }])
  })

  it('lets a change within the limit through, and ignores the limit without handling=strict', async () => {
    const within = await restFetch('pe_projects?id=eq.4', {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', Prefer: 'handling=strict, max-affected=1, tx=rollback' },
      body: JSON.stringify({ name: 'Renamed' }),
    })
    expect(within.status).toBe(204)
    const lenient = await restFetch('pe_projects?id=lte.2', {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', Prefer: 'max-affected=1, tx=rollback' },
      body: JSON.stringify({ name: 'Renamed' }),
    })
    expect(lenient.status).toBe(204)
  })

  it('applies to functions returning sets, and refuses it for others (PGRST128)', async () => {
    const many = await restFetch('rpc/pe_rename_upto', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Prefer: 'handling=strict, max-affected=1' },
      body: JSON.stringify({ max_id: 3 }),
    })
    expect(many.status).toBe(400)
    expect((await many.json()).code).toBe('PGRST124')
    const single = await restFetch('rpc/pe_rename_one', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Prefer: 'handling=strict, max-affected=1' },
      body: JSON.stringify({ project: 1 }),
    })
    expect(single.status).toBe(400)
    expect((await single.json()).code).toBe('PGRST128')
    const names = await db.from('pe_projects').select('name').eq('id', 1).single()
    expect(names.data).toEqual({ name: 'Roadrunner' })
  })

  it('refuses preferences it does not know with handling=strict (PGRST122)', async () => {
    const response = await restFetch('pe_projects', { headers: { Prefer: 'handling=strict, colour=blue' } })
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({
      code: 'PGRST122',
      details: 'Invalid preferences: colour=blue',
    })
  })
})

describe('inserts with missing=default', () => {
  it('gives absent columns their default, identity columns included (defaultToNull: false)', async () => {
    const { data, error } = await db
      .from('pe_counters')
      .insert([{ n: 1 }, { n: 2, label: 'second' }, { id: 500, n: 3 }], { defaultToNull: false })
      .select('id, label, n')
    expect(error).toBeNull()
    expect(data?.map((row) => row.label)).toEqual(['unnamed', 'second', 'unnamed'])
    expect(data?.[0]?.id).toEqual(expect.any(Number))
    expect(data?.[1]?.id).toEqual(expect.any(Number))
    expect(data?.[2]?.id).toBe(500)
  })
})

describe('counts, output formats and plans', () => {
  it('answers count=planned and count=estimated, also on HEAD', async () => {
    const exact = await db.from('pe_projects').select('*', { count: 'exact', head: true })
    expect(exact.count).toBe(4)
    const planned = await db.from('pe_projects').select('*', { count: 'planned', head: true })
    expect(planned.error).toBeNull()
    expect(planned.count).toEqual(expect.any(Number))
    const estimated = await db.from('pe_projects').select('id', { count: 'estimated' })
    // Below the row limit an estimated count is the exact one.
    expect(estimated.count).toBe(4)
    const response = await restFetch('pe_projects?select=id&limit=1', {
      headers: { Prefer: 'count=planned' },
    })
    expect(response.headers.get('content-range')).toMatch(/^0-0\/\d+$/)
  })

  it('renders text/csv with a header of the selected columns', async () => {
    const { data, error } = await db.from('pe_projects').select('id, name').lte('id', 2).order('id').csv()
    expect(error).toBeNull()
    expect(data).toBe('id,name\n1,Roadrunner\n2,Anvil')
    const response = await restFetch('pe_projects?select=id,name&id=eq.1', {
      headers: { Accept: 'text/csv' },
    })
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
  })

  it('answers GeoJSON as PostgREST does on a database without PostGIS', async () => {
    const { error, status } = await db.from('pe_projects').select('id').geojson()
    expect(status).toBe(404)
    expect(error).toMatchObject({ code: '42883' })
    expect(error?.message).toMatch(/^function st_asgeojson\(record\) does not exist$/)
  })

  it('refuses explain() while plans are disabled, and explains once enabled', async () => {
    const disabled = await db.from('pe_projects').select('id').explain()
    expect(disabled.status).toBe(406)
    expect(disabled.error?.code).toBe('PGRST107')
    await setApiSetting('db_plan_enabled', 'true')
    await eventually(async () => {
      expect((await db.from('pe_projects').select('id').explain()).status).toBe(200)
    })
    const text = await db.from('pe_projects').select('id, pe_clients(name)').explain()
    expect(String(text.data)).toMatch(/Aggregate|Seq Scan|Scan/)
    const json = await db.from('pe_projects').select('id').explain({ format: 'json', analyze: true })
    expect(json.error).toBeNull()
    expect(json.data).toEqual([expect.objectContaining({ Plan: expect.any(Object) })])
  })
})

describe('schemas by configuration', () => {
  it('refuses a schema that is not exposed with 406 PGRST106', async () => {
    const { error, status } = await db.schema('pe_extra').from('gadgets').select('*')
    expect(status).toBe(406)
    expect(error).toEqual({
      code: 'PGRST106',
      details: null,
      hint: 'Only the following schemas are exposed: public',
      message: 'Invalid schema: pe_extra',
    })
  })

  it('serves an exposed extra schema through Accept-Profile and Content-Profile', async () => {
    await setApiSetting('db_schemas', 'public, pe_extra')
    await eventually(async () => {
      expect((await db.schema('pe_extra').from('gadgets').select('name')).data).toEqual([
        { name: 'sprocket' },
      ])
    })
    const inserted = await db
      .schema('pe_extra')
      .from('gadgets')
      .insert({ id: 2, name: 'cog' })
      .select()
      .single()
    expect(inserted.error).toBeNull()
    expect(inserted.data).toEqual({ id: 2, name: 'cog' })
    const unknown = await db.schema('auth').from('users').select('*')
    expect(unknown.error).toMatchObject({
      code: 'PGRST106',
      hint: 'Only the following schemas are exposed: public, pe_extra',
    })
    // The default schema stays the first one.
    expect((await db.from('pe_clients').select('name').eq('id', 1)).data).toEqual([{ name: 'Acme' }])
  })
})

describe('the schema cache', () => {
  it("reloads on NOTIFY pgrst, 'reload schema'", async () => {
    expect(Object.keys((await db.from('pe_clients').select('*').eq('id', 1).single()).data ?? {})).toEqual([
      'id',
      'name',
    ])
    await withDatabase(async (pg) => {
      await pg.query(`alter table public.pe_clients add column motto text default 'onwards'`)
      await pg.query(`notify pgrst, 'reload schema'`)
    })
    await eventually(async () => {
      const { data } = await db.from('pe_clients').select('*').eq('id', 1).single()
      expect(data).toEqual({ id: 1, name: 'Acme', motto: 'onwards' })
    })
  })

  it('reloads when a migration changes the schema, with no NOTIFY (the DDL event triggers, as on hosted)', async () => {
    // As a migration runs: the project's owner role, one transaction, no NOTIFY of its own.
    const migrate = (sql: string) =>
      withDatabase(async (pg) => {
        await pg.query('begin')
        await pg.query('set local role postgres')
        await pg.query(sql)
        await pg.query('commit')
      })
    const columns = async () => Object.keys((await db.from('pe_watched').select('*').single()).data ?? {})
    await migrate(`create table public.pe_watched (id int primary key, name text not null);
      grant select on public.pe_watched to anon; insert into public.pe_watched values (1, 'first')`)
    try {
      await eventually(async () => expect(await columns()).toEqual(['id', 'name']))
      // A new column under `*`: a request naming nothing unknown, so only the reload shows it.
      await migrate(`alter table public.pe_watched add column nickname text not null default 'pal'`)
      await eventually(async () => expect(await columns()).toEqual(['id', 'name', 'nickname']))
      await migrate('alter table public.pe_watched drop column nickname')
      await eventually(async () => expect(await columns()).toEqual(['id', 'name']))
    } finally {
      await migrate('drop table public.pe_watched')
    }
  })
})
