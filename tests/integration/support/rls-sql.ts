import { randomUUID } from 'node:crypto'
import type pg from 'pg'
import type { Actor, Outcome, RlsCase, RlsFixture } from './rls-cases'

type Row = Record<string, unknown>
const ident = (name: string) => `"${name.replaceAll('"', '""')}"`

/** Creates the fixture's users, listings, saved row and image as superuser, inside the open transaction. */
export async function createRlsFixture(db: pg.ClientBase): Promise<RlsFixture> {
  const tag = randomUUID().slice(0, 8)
  const person = (name: string) => ({
    id: randomUUID(),
    email: `${name.toLowerCase()}-${tag}@example.com`,
    name,
  })
  const owner = person('Olivia Owner')
  const other = person('Oscar Other')
  for (const user of [owner, other]) {
    await db.query(
      `insert into auth.users (instance_id, id, aud, role, email, raw_user_meta_data, created_at, updated_at)
       values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, $3, now(), now())`,
      [user.id, user.email, { name: user.name }],
    )
  }
  const fixture: RlsFixture = {
    owner,
    other,
    listingId: randomUUID(),
    spareListingId: randomUUID(),
    newListingId: randomUUID(),
    imagePath: '',
    newImagePath: '',
  }
  fixture.imagePath = `${owner.id}/${fixture.listingId}/1.jpg`
  fixture.newImagePath = `${owner.id}/${fixture.listingId}/2.jpg`
  for (const id of [fixture.listingId, fixture.spareListingId]) {
    await db.query(
      `insert into public.listings (id, user_ref, type, name, bedrooms, bathrooms, location, regular_price, image_urls, latitude, longitude)
       values ($1, $2, 'sale', 'Cottage by the green', 2, 1, 'The Green, Keswick CA12', 250000, $3, 54.6, -3.13)`,
      [
        id,
        owner.id,
        [`http://127.0.0.1:54321/storage/v1/object/public/listing-images/${owner.id}/${id}/1.jpg`],
      ],
    )
  }
  await db.query('insert into public.saved_listings (user_id, listing_id) values ($1, $2)', [
    owner.id,
    fixture.listingId,
  ])
  await db.query(
    `insert into storage.objects (bucket_id, name, owner, owner_id, metadata)
     values ('listing-images', $1, $2::uuid, $2::text, '{"mimetype": "image/jpeg"}')`,
    [fixture.imagePath, owner.id],
  )
  return fixture
}

/** Switches the open transaction to the actor's role and JWT claims, as the API does per request. */
export async function actAs(db: pg.ClientBase, actor: Actor, fixture: RlsFixture): Promise<void> {
  const claims =
    actor === 'anon'
      ? { role: 'anon' }
      : actor === 'service'
        ? { role: 'service_role' }
        : { sub: fixture[actor].id, role: 'authenticated', aud: 'authenticated', email: fixture[actor].email }
  await db.query(
    `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
            set_config('storage.allow_delete_query', 'true', true)`,
    [claims.role, JSON.stringify(claims)],
  )
}

function where(match: Row, params: unknown[]): string {
  return Object.entries(match)
    .map(([column, value]) => {
      params.push(value)
      return `${ident(column)} = $${params.length}`
    })
    .join(' and ')
}

/** The SQL a case runs: what PostgREST or Storage would send for it. */
function statement(c: RlsCase, f: RlsFixture): { text: string; params: unknown[] } {
  const params: unknown[] = []
  const match = c.match?.(f) ?? {}
  const values = c.values?.(f) ?? {}
  if (c.target.kind === 'rpc') {
    const args = Object.entries(values).map(([name, value]) => {
      params.push(value)
      return `${ident(name)} => $${params.length}`
    })
    return { text: `select * from public.${ident(c.target.fn)}(${args.join(', ')})`, params }
  }
  const target = c.target
  const bucket = target.kind === 'bucket' ? { bucket_id: target.bucket } : undefined
  const table = target.kind === 'bucket' ? 'storage.objects' : `public.${ident(target.table)}`
  const scope = { ...bucket, ...match }
  if (c.command === 'insert') {
    const row = { ...bucket, ...values }
    const columns = Object.keys(row).map(ident).join(', ')
    const placeholders = Object.values(row).map((value) => `$${params.push(value)}`)
    return { text: `insert into ${table} (${columns}) values (${placeholders.join(', ')})`, params }
  }
  if (c.command === 'update') {
    const sets = Object.entries(values).map(([column, value]) => `${ident(column)} = $${params.push(value)}`)
    return { text: `update ${table} set ${sets.join(', ')} where ${where(scope, params)}`, params }
  }
  const verb = c.command === 'delete' ? 'delete' : 'select *'
  return { text: `${verb} from ${table} where ${where(scope, params)}`, params }
}

/** Runs one case as its actor and reports what Postgres did. */
export async function runRlsCase(db: pg.ClientBase, c: RlsCase, f: RlsFixture): Promise<Outcome> {
  const { text, params } = statement(c, f)
  await db.query('savepoint rls_case')
  try {
    const result = await db.query(text, params)
    await db.query('release savepoint rls_case')
    return c.command === 'insert' || (result.rowCount ?? 0) > 0 ? 'allowed' : 'filtered'
  } catch (error) {
    await db.query('rollback to savepoint rls_case')
    if ((error as { code?: string }).code === '42501') return 'rejected'
    throw error
  }
}

/** Reads, with full rights, the row a case's `stored` expectation names. */
export async function readStored(db: pg.ClientBase, c: RlsCase, f: RlsFixture): Promise<Row | undefined> {
  if (!c.stored || c.target.kind !== 'table') return undefined
  await db.query('reset role')
  const params: unknown[] = []
  const { rows } = await db.query(
    `select * from public.${ident(c.target.table)} where ${where(c.stored.where(f), params)}`,
    params,
  )
  return rows[0]
}
