import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPostgrestFixture, dropPostgrestFixture } from './postgrest-fixture'
import { restFetch } from './rest-fixture'
import { anonClient, serviceClient } from './support/clients'

const db = anonClient()

beforeAll(createPostgrestFixture)
afterAll(dropPostgrestFixture)

describe('resource embedding through the foreign keys', () => {
  it('embeds a many-to-one relationship as an object (null when the key is null)', async () => {
    const { data, error } = await db.from('pe_projects').select('name, pe_clients(name)').order('id')
    expect(error).toBeNull()
    expect(data).toEqual([
      { name: 'Roadrunner', pe_clients: { name: 'Acme' } },
      { name: 'Anvil', pe_clients: { name: 'Acme' } },
      { name: 'Hammock', pe_clients: { name: 'Globex' } },
      { name: 'Orphan', pe_clients: null },
    ])
  })

  it('embeds a one-to-many relationship as an array, empty when there are none', async () => {
    const { data, error } = await db
      .from('pe_clients')
      .select('name, pe_projects(name)')
      .order('id')
      .order('name', { referencedTable: 'pe_projects' })
    expect(error).toBeNull()
    expect(data).toEqual([
      { name: 'Acme', pe_projects: [{ name: 'Anvil' }, { name: 'Roadrunner' }] },
      { name: 'Globex', pe_projects: [{ name: 'Hammock' }] },
      { name: 'Initech', pe_projects: [] },
    ])
  })

  it('embeds a one-to-one relationship as an object from either side', async () => {
    const users = await db.from('pe_users').select('name, pe_passports(number)').order('id')
    expect(users.data).toEqual([
      { name: 'Ann', pe_passports: { number: 'P-100' } },
      { name: 'Bo', pe_passports: { number: 'P-200' } },
      { name: 'Cy', pe_passports: null },
    ])
    const passport = await db.from('pe_passports').select('number, pe_users(name)').eq('id', 2).single()
    expect(passport.data).toEqual({ number: 'P-200', pe_users: { name: 'Bo' } })
  })

  it('embeds a many-to-many relationship through its junction table', async () => {
    const { data, error } = await db
      .from('pe_users')
      .select('name, pe_tasks(name)')
      .order('id')
      .order('id', { referencedTable: 'pe_tasks' })
    expect(error).toBeNull()
    expect(data).toEqual([
      { name: 'Ann', pe_tasks: [{ name: 'design' }, { name: 'build' }] },
      { name: 'Bo', pe_tasks: [{ name: 'build' }, { name: 'forge' }] },
      // Cy's only task is hidden from anon by RLS on pe_tasks: policies apply to embedded tables too.
      { name: 'Cy', pe_tasks: [] },
    ])
    const all = await serviceClient().from('pe_users').select('name, pe_tasks(name)').eq('id', 3).single()
    expect(all.data).toEqual({ name: 'Cy', pe_tasks: [{ name: 'secret' }] })
  })

  it('embeds self-references: the parent by its column, the children by the table name', async () => {
    const { data, error } = await db
      .from('pe_people')
      .select('name, parent:parent_id(name), children:pe_people(name)')
      .order('id')
      .order('id', { referencedTable: 'children' })
    expect(error).toBeNull()
    expect(data).toEqual([
      { name: 'Grandma', parent: null, children: [{ name: 'Mum' }, { name: 'Uncle' }] },
      { name: 'Mum', parent: { name: 'Grandma' }, children: [{ name: 'Kid' }] },
      { name: 'Uncle', parent: { name: 'Grandma' }, children: [] },
      { name: 'Kid', parent: { name: 'Mum' }, children: [] },
    ])
  })

  it('disambiguates two keys to one table with a column or constraint hint', async () => {
    const { data, error } = await db
      .from('pe_messages')
      .select('body, sender:pe_users!sender_id(name), receiver:pe_users!pe_messages_receiver_id_fkey(name)')
      .eq('id', 1)
      .single()
    expect(error).toBeNull()
    expect(data).toEqual({ body: 'hi Bo', sender: { name: 'Ann' }, receiver: { name: 'Bo' } })
  })

  it('answers 300 PGRST201 when the relationship is ambiguous, listing the candidates', async () => {
    const { data, error, status } = await db.from('pe_messages').select('body, pe_users(name)')
    expect(data).toBeNull()
    expect(status).toBe(300)
    expect(error).toEqual({
      code: 'PGRST201',
      message:
        "Could not embed because more than one relationship was found for 'pe_messages' and 'pe_users'",
      hint: "Try changing 'pe_users' to one of the following: 'pe_users!pe_messages_receiver_id_fkey', 'pe_users!pe_messages_sender_id_fkey'. Find the desired relationship in the 'details' key.",
      details: [
        {
          cardinality: 'many-to-one',
          embedding: 'pe_messages with pe_users',
          relationship: 'pe_messages_receiver_id_fkey using pe_messages(receiver_id) and pe_users(id)',
        },
        {
          cardinality: 'many-to-one',
          embedding: 'pe_messages with pe_users',
          relationship: 'pe_messages_sender_id_fkey using pe_messages(sender_id) and pe_users(id)',
        },
      ],
    })
  })

  it('answers 400 PGRST200 when no foreign key joins the two', async () => {
    const { error, status } = await db.from('pe_clients').select('name, pe_people(name)')
    expect(status).toBe(400)
    expect(error).toMatchObject({
      code: 'PGRST200',
      message: "Could not find a relationship between 'pe_clients' and 'pe_people' in the schema cache",
      details:
        "Searched for a foreign key relationship between 'pe_clients' and 'pe_people' in the schema 'public', but no matches were found.",
    })
    const hinted = await db.from('pe_messages').select('pe_users!nope(name)')
    expect(hinted.error).toMatchObject({
      code: 'PGRST200',
      details:
        "Searched for a foreign key relationship between 'pe_messages' and 'pe_users' using the hint 'nope' in the schema 'public', but no matches were found.",
    })
  })

  it('renames embeds with aliases and nests them', async () => {
    const { data, error } = await db
      .from('pe_tasks')
      .select('name, project:pe_projects(name, client:pe_clients(name))')
      .eq('id', 4)
      .single()
    expect(error).toBeNull()
    expect(data).toEqual({ name: 'forge', project: { name: 'Anvil', client: { name: 'Acme' } } })
  })

  it('filters embedded rows without removing parents, and removes them with !inner', async () => {
    const left = await db
      .from('pe_projects')
      .select('name, pe_tasks(name)')
      .eq('pe_tasks.name', 'forge')
      .order('id')
    expect(left.data).toEqual([
      { name: 'Roadrunner', pe_tasks: [] },
      { name: 'Anvil', pe_tasks: [{ name: 'forge' }] },
      { name: 'Hammock', pe_tasks: [] },
      { name: 'Orphan', pe_tasks: [] },
    ])
    const inner = await db
      .from('pe_projects')
      .select('name, pe_tasks!inner(name)', { count: 'exact' })
      .eq('pe_tasks.name', 'forge')
    expect(inner.data).toEqual([{ name: 'Anvil', pe_tasks: [{ name: 'forge' }] }])
    expect(inner.count).toBe(1)
    const toOne = await db
      .from('pe_projects')
      .select('name, pe_clients!inner(name)')
      .eq('pe_clients.name', 'Globex')
    expect(toOne.data).toEqual([{ name: 'Hammock', pe_clients: { name: 'Globex' } }])
    const explicitLeft = await db.from('pe_projects').select('name, pe_clients!left(name)').eq('id', 4)
    expect(explicitLeft.data).toEqual([{ name: 'Orphan', pe_clients: null }])
  })

  it('orders, limits and offsets embedded rows', async () => {
    const { data, error } = await db
      .from('pe_projects')
      .select('name, pe_tasks(name, hours)')
      .eq('id', 1)
      .order('hours', { referencedTable: 'pe_tasks', ascending: false })
      .range(1, 2, { referencedTable: 'pe_tasks' })
      .single()
    expect(error).toBeNull()
    expect(data).toEqual({
      name: 'Roadrunner',
      pe_tasks: [
        { name: 'design', hours: 3 },
        { name: 'test', hours: 2 },
      ],
    })
    const limited = await db
      .from('pe_clients')
      .select('name, pe_projects(name)')
      .eq('id', 1)
      .order('name', { referencedTable: 'pe_projects' })
      .limit(1, { referencedTable: 'pe_projects' })
      .single()
    expect(limited.data).toEqual({ name: 'Acme', pe_projects: [{ name: 'Anvil' }] })
  })

  it('keeps or drops parents by whether an embed is empty (is.null / not.is.null)', async () => {
    const none = await db.from('pe_clients').select('name, pe_projects(id)').is('pe_projects', null)
    expect(none.data).toEqual([{ name: 'Initech', pe_projects: [] }])
    const some = await db
      .from('pe_clients')
      .select('name, pe_projects(id)')
      .not('pe_projects', 'is', null)
      .order('id')
    expect(some.data?.map((row) => row.name)).toEqual(['Acme', 'Globex'])
    const noClient = await db.from('pe_projects').select('name, pe_clients(name)').is('pe_clients', null)
    expect(noClient.data).toEqual([{ name: 'Orphan', pe_clients: null }])
    // Filtered embedded rows count as absent, as in PostgREST's anti-join pattern.
    const withoutForge = await db
      .from('pe_projects')
      .select('name, pe_tasks()')
      .eq('pe_tasks.name', 'forge')
      .is('pe_tasks', null)
      .order('id')
    expect(withoutForge.data).toEqual([{ name: 'Roadrunner' }, { name: 'Hammock' }, { name: 'Orphan' }])
  })

  it('spreads a to-one embed into its parent and a to-many embed into arrays', async () => {
    const { data, error } = await db
      .from('pe_projects')
      .select('name, ...pe_clients(client_name:name)')
      .order('id')
      .limit(2)
    expect(error).toBeNull()
    expect(data).toEqual([
      { name: 'Roadrunner', client_name: 'Acme' },
      { name: 'Anvil', client_name: 'Acme' },
    ])
    const many = await db.from('pe_clients').select('name, ...pe_projects(project:name)').eq('id', 2).single()
    expect(many.data).toEqual({ name: 'Globex', project: ['Hammock'] })
  })

  it('returns embeds with the rows an insert wrote', async () => {
    const { data, error } = await serviceClient()
      .from('pe_projects')
      .insert({ id: 50, name: 'Fresh', client_id: 3 })
      .select('name, pe_clients(name), pe_tasks(name)')
      .single()
    expect(error).toBeNull()
    expect(data).toEqual({ name: 'Fresh', pe_clients: { name: 'Initech' }, pe_tasks: [] })
    await serviceClient().from('pe_projects').delete().eq('id', 50)
  })

  it('answers PGRST108 for embedded filters on a resource the select does not embed', async () => {
    const response = await restFetch('pe_projects?select=name&pe_tasks.name=eq.x')
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({
      code: 'PGRST108',
      message: "'pe_tasks' is not an embedded resource in this request",
    })
  })

  it('refuses malformed embeds and unknown embedded columns without a 5xx', async () => {
    for (const select of [
      'pe_clients(',
      'pe_clients(nope)',
      'pe_clients!a!b(name)',
      '...x:pe_clients(name)',
    ]) {
      const response = await restFetch(`pe_projects?select=${encodeURIComponent(select)}`)
      expect(response.status, select).toBeGreaterThanOrEqual(400)
      expect(response.status, select).toBeLessThan(500)
    }
  })
})

describe('computed fields and computed relationships', () => {
  it('selects, filters and orders by a function of the row as if it were a column', async () => {
    const { data, error } = await db
      .from('pe_projects')
      .select('id, pe_label')
      .like('pe_label', 'A*')
      .order('pe_label')
    expect(error).toBeNull()
    expect(data).toEqual([{ id: 2, pe_label: 'Anvil #2' }])
  })

  it('embeds the rows a function of the row returns (to-many, and to-one with rows 1)', async () => {
    const { data, error } = await db
      .from('pe_projects')
      .select('name, pe_big_tasks(name), pe_client(name)')
      .eq('id', 1)
      .single()
    expect(error).toBeNull()
    expect(data).toEqual({
      name: 'Roadrunner',
      pe_big_tasks: [{ name: 'build' }],
      pe_client: { name: 'Acme' },
    })
  })
})

describe('relationships through views', () => {
  it('embeds from a view over a table as from the table (many-to-one)', async () => {
    const { data, error } = await db.from('pe_active_projects').select('name, pe_clients(name)').order('id')
    expect(error).toBeNull()
    expect(data).toEqual([
      { name: 'Roadrunner', pe_clients: { name: 'Acme' } },
      { name: 'Anvil', pe_clients: { name: 'Acme' } },
      { name: 'Hammock', pe_clients: { name: 'Globex' } },
    ])
  })

  it('embeds a view from a table (one-to-many), with embedded order', async () => {
    const { data, error } = await db
      .from('pe_clients')
      .select('name, pe_active_projects(name)')
      .order('id')
      .order('name', { referencedTable: 'pe_active_projects' })
    expect(error).toBeNull()
    expect(data).toEqual([
      { name: 'Acme', pe_active_projects: [{ name: 'Anvil' }, { name: 'Roadrunner' }] },
      { name: 'Globex', pe_active_projects: [{ name: 'Hammock' }] },
      { name: 'Initech', pe_active_projects: [] },
    ])
  })

  it('joins view to view through renamed key columns, under the caller’s row-level security', async () => {
    const { data, error } = await db
      .from('pe_active_projects')
      .select('name, pe_task_names(title)')
      .eq('id', 3)
      .single()
    expect(error).toBeNull()
    // The view runs as the caller: the anonymous role does not see the task named `secret`.
    expect(data).toEqual({ name: 'Hammock', pe_task_names: [{ title: 'nap' }] })
    const back = await db.from('pe_task_names').select('title, pe_active_projects(name)').eq('task_id', 4)
    expect(back.data).toEqual([{ title: 'forge', pe_active_projects: { name: 'Anvil' } }])
  })

  it('follows a view over a view back to the table’s key', async () => {
    const { data, error } = await db
      .from('pe_acme_projects')
      .select('name, pe_clients(name), pe_tasks(name)')
      .order('id')
      .order('id', { referencedTable: 'pe_tasks' })
    expect(error).toBeNull()
    expect(data).toEqual([
      {
        name: 'Roadrunner',
        pe_clients: { name: 'Acme' },
        pe_tasks: [{ name: 'design' }, { name: 'build' }, { name: 'test' }],
      },
      { name: 'Anvil', pe_clients: { name: 'Acme' }, pe_tasks: [{ name: 'forge' }] },
    ])
  })

  it('names a view by its key column or constraint only when it is the table itself, as PostgREST does', async () => {
    // `project_id(…)` names the key's column; the views over pe_projects would make it ambiguous if counted.
    const { data, error } = await db.from('pe_tasks').select('name, project_id(name)').eq('id', 4).single()
    expect(error).toBeNull()
    expect(data).toEqual({ name: 'forge', project_id: { name: 'Anvil' } })
  })

  it('reaches many-to-many through the junction from a view, and answers PGRST200 where no key is shown', async () => {
    const { data, error } = await db
      .from('pe_task_names')
      .select('title, pe_users(name)')
      .eq('task_id', 2)
      .order('id', { referencedTable: 'pe_users' })
      .single()
    expect(error).toBeNull()
    expect(data).toEqual({ title: 'build', pe_users: [{ name: 'Ann' }, { name: 'Bo' }] })
    const none = await db.from('pe_task_names').select('title, pe_clients(name)')
    expect(none.status).toBe(400)
    expect(none.error?.code).toBe('PGRST200')
  })
})

describe('related order: the rows ordered by a to-one embed’s field', () => {
  it('orders by an embedded column, by name or alias, with direction and nulls', async () => {
    const { data, error } = await db
      .from('pe_projects')
      .select('name, pe_clients(name)')
      .order('pe_clients(name)', { ascending: false, nullsFirst: false })
      .order('id')
    expect(error).toBeNull()
    expect(data?.map((row) => row.name)).toEqual(['Hammock', 'Roadrunner', 'Anvil', 'Orphan'])
    const aliased = await db
      .from('pe_tasks')
      .select('name, project:pe_projects(name)')
      .order('project(name)')
      .order('id')
    expect(aliased.error).toBeNull()
    expect(
      aliased.data?.map((row) => `${(row.project as unknown as { name: string }).name}/${row.name}`),
    ).toEqual(['Anvil/forge', 'Hammock/nap', 'Roadrunner/design', 'Roadrunner/build', 'Roadrunner/test'])
  })

  it('answers 400 PGRST118 for a to-many embed and PGRST108 for one not selected', async () => {
    const toMany = await db.from('pe_clients').select('name, pe_projects(name)').order('pe_projects(name)')
    expect(toMany.status).toBe(400)
    expect(toMany.error).toEqual({
      code: 'PGRST118',
      message: "A related order on 'pe_projects' is not possible",
      details: "'pe_clients' and 'pe_projects' do not form a many-to-one or one-to-one relationship",
      hint: null,
    })
    const missing = await db.from('pe_projects').select('name').order('pe_clients(name)')
    expect(missing.status).toBe(400)
    expect(missing.error?.code).toBe('PGRST108')
  })
})
